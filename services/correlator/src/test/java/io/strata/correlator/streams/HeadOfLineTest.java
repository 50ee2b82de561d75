package io.strata.correlator.streams;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.EventType;
import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.device.XidEvent;
import java.time.Instant;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;

/** What the head-of-line extractor queues XIDs and node states with, and what they carry after. */
class HeadOfLineTest {

  private static final Instant EVENT = Instant.parse("2026-12-02T10:00:00Z");
  private static final Instant HEADER = Instant.parse("2026-12-02T10:00:01Z");
  private static final long WALL_CLOCK = Instant.parse("2026-12-02T10:05:00Z").toEpochMilli();

  @Test
  void everyRecordIsQueuedWithTheSmallestValidTimestampWhateverItsOwn() {
    ConsumerRecord<Object, Object> record =
        new ConsumerRecord<>(
            "strata.device.xids.v1",
            0,
            42L,
            EVENT.toEpochMilli(),
            TimestampType.CREATE_TIME,
            0,
            0,
            "c1/n1/GPU-1",
            new byte[] {1},
            new RecordHeaders(),
            java.util.Optional.empty());

    assertThat(new HeadOfLine().extract(record, EVENT.toEpochMilli() + 5_000)).isEqualTo(0L);
    assertThat(new HeadOfLine().extract(record, -1L)).isEqualTo(0L);
  }

  @Test
  void theEventTimeIsTheValuesOwnThenTheCloudEventTimeThenTheWallClock() {
    RecordHeaders stamped = new RecordHeaders();
    CloudEventHeaders.write(stamped, EventType.XID_EVENT, "/test", "c1/n1/GPU-1", HEADER);

    assertThat(
            HeadOfLine.eventTime(
                Scenario.xid79("n1", "GPU-1", Instant.ofEpochMilli(-1000)),
                XidEvent::detectedAt,
                stamped,
                WALL_CLOCK))
        .isEqualTo(HEADER.toEpochMilli());
    assertThat(
            HeadOfLine.eventTime(
                Scenario.xid79("n1", "GPU-1", EVENT), XidEvent::detectedAt, stamped, WALL_CLOCK))
        .isEqualTo(EVENT.toEpochMilli());
    assertThat(
            HeadOfLine.eventTime(
                Scenario.xid79("n1", "GPU-1", null), XidEvent::detectedAt, stamped, WALL_CLOCK))
        .isEqualTo(HEADER.toEpochMilli());
    assertThat(HeadOfLine.eventTime(null, XidEvent::detectedAt, stamped, WALL_CLOCK))
        .isEqualTo(HEADER.toEpochMilli());
    assertThat(
            HeadOfLine.eventTime(
                Scenario.xid79("n1", "GPU-1", null),
                XidEvent::detectedAt,
                new RecordHeaders(),
                WALL_CLOCK))
        .isEqualTo(WALL_CLOCK);
  }

  @Test
  void whatGoesToTheWorkloadSideIsNeverAheadOfTheNodeSidesStreamTime() {
    long streamTime = EVENT.minusSeconds(120).toEpochMilli();

    // An XID judged two minutes ahead of the samples: stamped with the node side's stream time.
    assertThat(HeadOfLine.towardWorkloads(EVENT.toEpochMilli(), streamTime)).isEqualTo(streamTime);
    // Anything not ahead (a sample, an older XID) keeps its own time.
    assertThat(HeadOfLine.towardWorkloads(streamTime - 1_000, streamTime))
        .isEqualTo(streamTime - 1_000);
    // Nothing polled yet, or only head-of-line records (stream time 0): the record's own time.
    assertThat(HeadOfLine.towardWorkloads(EVENT.toEpochMilli(), -1L))
        .isEqualTo(EVENT.toEpochMilli());
    assertThat(HeadOfLine.towardWorkloads(EVENT.toEpochMilli(), HeadOfLine.HEAD))
        .isEqualTo(EVENT.toEpochMilli());
  }
}
