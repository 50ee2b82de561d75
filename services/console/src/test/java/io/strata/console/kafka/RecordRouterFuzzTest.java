package io.strata.console.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.console.Fixtures;
import io.strata.console.JournalSigning;
import io.strata.console.core.ConsoleState;
import io.strata.console.core.IncidentQuery;
import io.strata.console.core.IncidentRow;
import io.strata.console.core.IncidentTelemetry;
import io.strata.console.core.TelemetryKind;
import io.strata.events.alert.AlertStatus;
import io.strata.events.device.HealthStatus;
import io.strata.events.device.XidEvent;
import io.strata.events.incident.IncidentState;
import io.strata.events.remediation.ActionState;
import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import io.strata.journal.signature.JournalTag;
import io.strata.testsupport.JsonFuzz;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * 11,900 generated records on the console's seven input topics (1,700 each; issue 16's fuzzing of
 * every input topic): genuine records, their JSON mutated byte by byte or value by value, random
 * bytes, tombstones. The four followed topics go through {@link RecordRouter}, the three telemetry
 * topics an incident page reads on demand through {@link TelemetryRecord}. Neither ever throws (a
 * throw would lose the record without a reason), every skipped record carries its reason, and every
 * genuine record is applied (nothing valid lost; the genuine incident is also listed at the end).
 */
class RecordRouterFuzzTest {

  private static final int PER_TOPIC = 1_700;

  /** The remediator's signature of the genuine action seed. */
  private static final String CORDON_TAG =
      JournalSigning.tag(Fixtures.cordon(ActionState.PROPOSED, Fixtures.OPENED));

  /** The topics an incident page reads on demand, by what they hold. */
  private static final Map<String, TelemetryKind> TELEMETRY =
      Map.of(
          Topics.DEVICE_SAMPLES.name(), TelemetryKind.SAMPLES,
          Topics.DEVICE_XIDS.name(), TelemetryKind.XIDS,
          Topics.TRACE_SPANS.name(), TelemetryKind.SPANS);

  @Test
  void everyRecordIsAppliedOrSkippedWithAReasonAndGenuineOnesAreApplied() {
    ConsoleState state = new ConsoleState(io.strata.console.core.ConsoleStateTestLimits.LIMITS);
    RecordRouter router = new RecordRouter(state, JournalSigning.VERIFIER);
    IncidentTelemetry telemetry =
        new IncidentTelemetry(io.strata.console.core.ConsoleStateTestLimits.LIMITS);
    Random random = new Random(16_1700L);
    Map<RecordRouter.SkipReason, Integer> skipped = new EnumMap<>(RecordRouter.SkipReason.class);
    int applied = 0;
    int genuine = 0;
    for (Map.Entry<String, byte[]> seed : seeds().entrySet()) {
      for (int i = 0; i < PER_TOPIC; i++) {
        int kind = random.nextInt(10);
        byte[] value =
            switch (kind) {
              case 0, 1, 2 -> seed.getValue();
              case 3, 4, 5 -> JsonFuzz.mutateBytes(seed.getValue(), random);
              case 6, 7, 8 -> JsonFuzz.replaceAValue(seed.getValue(), random);
              default -> random.nextInt(4) == 0 ? null : JsonFuzz.randomBytes(random);
            };
        String where =
            seed.getKey()
                + " record "
                + i
                + ": "
                + (value == null ? "tombstone" : new String(value, StandardCharsets.UTF_8));

        TelemetryKind telemetryKind = TELEMETRY.get(seed.getKey());
        Optional<RecordRouter.SkipReason> outcome =
            telemetryKind == null
                ? router.route(record(seed.getKey(), value))
                : TelemetryRecord.keep(telemetryKind, value, telemetry);

        if (kind <= 2) {
          assertThat(outcome).as(where).isEmpty();
          genuine++;
        }
        if (outcome.isPresent()) {
          assertThat(outcome.get()).as(where).isNotEqualTo(RecordRouter.SkipReason.UNSPECIFIED);
          skipped.merge(outcome.get(), 1, Integer::sum);
        } else {
          applied++;
        }
      }
    }
    // The last genuine incident revision (or its tombstone) decides whether it is listed; apply
    // the genuine record once more so the list must show it.
    byte[] incident = seeds().get(Topics.INCIDENTS.name());
    assertThat(router.route(Topics.INCIDENTS.name(), Fixtures.INCIDENT, incident)).isEmpty();
    assertThat(state.list(IncidentQuery.all(), Fixtures.OPENED))
        .extracting(IncidentRow::incidentId)
        .contains(Fixtures.INCIDENT);
    System.out.printf(
        "[fuzz] console input records: %d on %d topics, %d genuine all applied, %d applied in all,"
            + " skipped %s, none threw%n",
        PER_TOPIC * seeds().size(), seeds().size(), genuine, applied, skipped);
    assertThat(skipped).containsKey(RecordRouter.SkipReason.DESERIALIZATION_FAILED);
  }

  /**
   * The record as read; an action record carries the genuine seed's signature, which the remediator
   * wrote, so a mutated action is UNVERIFIED unless it no longer reads.
   */
  private static ConsumerRecord<String, byte[]> record(String topic, byte[] value) {
    ConsumerRecord<String, byte[]> record =
        new ConsumerRecord<>(topic, 0, 0L, Fixtures.INCIDENT, value);
    if (topic.equals(Topics.REMEDIATION.name())) {
      record.headers().add(JournalTag.HEADER, CORDON_TAG.getBytes(StandardCharsets.UTF_8));
    }
    return record;
  }

  /** One genuine JSON value per input topic, as its producer serialises it. */
  private static Map<String, byte[]> seeds() {
    Map<String, byte[]> seeds = new LinkedHashMap<>();
    put(seeds, Topics.INCIDENTS, Fixtures.incident(1, IncidentState.OPEN));
    put(seeds, Topics.REMEDIATION, Fixtures.cordon(ActionState.PROPOSED, Fixtures.OPENED));
    put(seeds, Topics.REVIEWS, Fixtures.review());
    put(
        seeds,
        Topics.ALERTS,
        Fixtures.crashLooping(AlertStatus.FIRING, Fixtures.OPENED, null, Fixtures.OPENED));
    put(seeds, Topics.TRACE_SPANS, Fixtures.spans().get(0));
    put(seeds, Topics.DEVICE_SAMPLES, Fixtures.sample(Fixtures.OPENED, 71.0, HealthStatus.PASS));
    put(
        seeds,
        Topics.DEVICE_XIDS,
        new XidEvent(
            "x1",
            "local",
            Fixtures.NODE,
            Fixtures.GPU,
            "0",
            79,
            null,
            null,
            null,
            null,
            null,
            1,
            null,
            null,
            Instant.parse("2026-12-01T10:00:01Z")));
    return seeds;
  }

  private static <V> void put(Map<String, byte[]> seeds, Topic<String, V> topic, V value) {
    seeds.put(topic.name(), topic.valueSerde().serializer().serialize(topic.name(), value));
  }
}
