package io.strata.kafka.publish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.strata.events.topic.Topics;
import io.strata.kafka.produce.RecordStamper;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The publisher against Kafka's MockProducer, which completes or fails each send on command. */
class BoundedPublisherTest {

  private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");

  private final MockProducer<String, byte[]> producer =
      new MockProducer<>(false, null, new StringSerializer(), new ByteArraySerializer());
  private final List<String> events = new CopyOnWriteArrayList<>();
  private final PublishListener listener =
      new PublishListener() {
        @Override
        public void acknowledged(OutboundRecord record) {
          events.add("ack " + record.key());
        }

        @Override
        public void failed(OutboundRecord record, Exception error, boolean retrying) {
          events.add("failed " + record.key() + (retrying ? " retrying" : ""));
        }

        @Override
        public void refused(OutboundRecord record) {
          events.add("refused " + record.key());
        }
      };
  private final PublisherHealth health = new PublisherHealth(Clock.fixed(NOW, ZoneOffset.UTC));
  private BoundedPublisher publisher;

  private BoundedPublisher start(PublisherOptions options) {
    publisher =
        new BoundedPublisher(
            producer,
            RecordStamper.withoutTraceContext("/strata/test", Clock.fixed(NOW, ZoneOffset.UTC)),
            options,
            listener,
            health);
    return publisher;
  }

  @AfterEach
  void stop() {
    publisher.close(Duration.ofMillis(100));
  }

  private static OutboundRecord tombstone(String key) {
    return OutboundRecord.tombstone(Topics.K8S_PODS, key);
  }

  @Test
  void anAcknowledgedRecordIsReportedAndKeepsThePublisherHealthy() {
    start(PublisherOptions.normalLaneOnly(BufferPolicy.dropOldest(10), "t"));

    assertThat(publisher.offer(tombstone("a"))).isEqualTo(OfferResult.QUEUED);
    await().until(() -> producer.history().size() == 1);
    assertThat(producer.completeNext()).isTrue();

    await().until(() -> events.equals(List.of("ack a")));
    assertThat(health.status()).isEqualTo(new PublisherHealth.Status(true, NOW, null, null));
    assertThat(producer.history().get(0).topic()).isEqualTo("strata.k8s.pods.v1");
  }

  @Test
  void aFailedNormalRecordIsReportedOnceAndMakesThePublisherUnhealthy() {
    start(PublisherOptions.normalLaneOnly(BufferPolicy.dropOldest(10), "t"));

    publisher.offer(tombstone("a"));
    await().until(() -> producer.history().size() == 1);
    producer.errorNext(new TimeoutException("expired"));

    await().until(() -> events.equals(List.of("failed a")));
    assertThat(health.status())
        .isEqualTo(
            new PublisherHealth.Status(
                false, null, NOW, "org.apache.kafka.common.errors.TimeoutException: expired"));
    assertThat(publisher.pending()).isZero();
  }

  @Test
  void aNeverEvictRecordIsSentAgainUntilKafkaAcknowledgesIt() {
    start(
        PublisherOptions.normalLaneOnly(BufferPolicy.dropOldest(10), "t")
            .withNeverEvictLane(5, Duration.ofMillis(10)));

    publisher.offer(tombstone("xid"), Lane.NEVER_EVICT);
    await().until(() -> producer.history().size() == 1);
    producer.errorNext(new TimeoutException("expired"));
    await().until(() -> producer.history().size() == 2);
    producer.errorNext(new TimeoutException("expired"));
    await().until(() -> producer.history().size() == 3);
    producer.completeNext();

    await()
        .until(
            () -> events.equals(List.of("failed xid retrying", "failed xid retrying", "ack xid")));
    assertThat(producer.history()).extracting(r -> r.key()).containsOnly("xid");
    assertThat(publisher.pending(Lane.NEVER_EVICT)).isZero();
    assertThat(health.healthy()).isTrue();
  }

  @Test
  void aNeverEvictRecordIsNotHeldBackByNormalRecordsStuckInTheProducer() {
    // The normal lane's one in-flight share is taken by a record Kafka never acknowledges (an
    // outage): the never-evict lane has its own share, so the XID goes out regardless.
    start(
        PublisherOptions.normalLaneOnly(BufferPolicy.dropOldest(10), "t")
            .withNeverEvictLane(5, Duration.ofMillis(10))
            .withMaxUnacknowledged(1));
    publisher.offer(tombstone("stuck-normal"));
    await().until(() -> producer.history().size() == 1);
    publisher.offer(tombstone("second-normal"));
    publisher.offer(tombstone("xid"), Lane.NEVER_EVICT);

    await().until(() -> producer.history().size() == 2);
    assertThat(producer.history()).extracting(r -> r.key()).containsExactly("stuck-normal", "xid");
    assertThat(publisher.unacknowledged(Lane.NORMAL)).isEqualTo(1);
    assertThat(publisher.unacknowledged(Lane.NEVER_EVICT)).isEqualTo(1);
    assertThat(publisher.pending(Lane.NORMAL)).isEqualTo(1);
  }

  @Test
  void aNormalFloodDuringAnOutageDropsTheOldestAndNeverTouchesTheNeverEvictLane() {
    start(
        PublisherOptions.normalLaneOnly(BufferPolicy.dropOldest(10), "t")
            .withNeverEvictLane(5, Duration.ofMillis(10))
            .withMaxUnacknowledged(2));
    publisher.offer(tombstone("s-0"));
    publisher.offer(tombstone("s-1"));
    await().until(() -> publisher.unacknowledged(Lane.NORMAL) == 2);
    for (int i = 2; i < 1000; i++) {
      publisher.offer(tombstone("s-" + i));
    }
    publisher.offer(tombstone("xid-79"), Lane.NEVER_EVICT);

    await().until(() -> producer.history().size() == 3);
    assertThat(producer.history().get(2).key()).isEqualTo("xid-79");
    assertThat(publisher.pending(Lane.NORMAL)).isEqualTo(10);
    assertThat(publisher.dropped()).isEqualTo(1000 - 10 - 2);
    assertThat(publisher.pending(Lane.NEVER_EVICT)).isZero();
  }

  @Test
  void aFullNeverEvictLaneRefusesTheNewRecordAndKeepsWhatItHolds() {
    start(
        PublisherOptions.normalLaneOnly(BufferPolicy.dropOldest(10), "t")
            .withNeverEvictLane(1, Duration.ofMillis(10))
            .withMaxUnacknowledged(1));
    publisher.offer(tombstone("xid-in-flight"), Lane.NEVER_EVICT);
    await().until(() -> producer.history().size() == 1);

    assertThat(publisher.offer(tombstone("xid-1"), Lane.NEVER_EVICT)).isEqualTo(OfferResult.QUEUED);
    assertThat(publisher.offer(tombstone("xid-2"), Lane.NEVER_EVICT))
        .isEqualTo(OfferResult.REFUSED);
    assertThat(events).containsExactly("refused xid-2");
    assertThat(publisher.pending(Lane.NEVER_EVICT)).isEqualTo(1);
  }

  @Test
  void aNeverEvictRecordThatCanNeverBeDeliveredIsReportedNotResentForever() {
    start(
        PublisherOptions.normalLaneOnly(BufferPolicy.dropOldest(10), "t")
            .withNeverEvictLane(5, Duration.ofMillis(10)));

    publisher.offer(tombstone("huge"), Lane.NEVER_EVICT);
    await().until(() -> producer.history().size() == 1);
    producer.errorNext(new RecordTooLargeException("too large"));

    await().until(() -> events.equals(List.of("failed huge")));
    assertThat(publisher.pending(Lane.NEVER_EVICT)).isZero();
    assertThat(producer.history()).hasSize(1);
  }

  @Test
  void aRecordWithItsOwnCloudEventsIdKeepsItOnEverySend() {
    start(
        PublisherOptions.normalLaneOnly(BufferPolicy.dropOldest(10), "t")
            .withNeverEvictLane(5, Duration.ofMillis(10)));
    OutboundRecord xid =
        OutboundRecord.identified(
            "strata.device.xids.v1",
            Topics.DEVICE_XIDS.eventType(),
            "c1/node-1/GPU-1",
            new byte[] {'{', '}'},
            "xid-event-1",
            Instant.EPOCH);

    publisher.offer(xid, Lane.NEVER_EVICT);
    await().until(() -> producer.history().size() == 1);
    producer.errorNext(new TimeoutException("expired"));
    await().until(() -> producer.history().size() == 2);
    producer.completeNext();

    assertThat(producer.history())
        .extracting(r -> new String(r.headers().lastHeader("ce_id").value()))
        .containsExactly("xid-event-1", "xid-event-1");
    assertThat(new String(producer.history().get(1).headers().lastHeader("ce_time").value()))
        .isEqualTo("1970-01-01T00:00:00Z");
  }

  @Test
  void aRecordCarriesItsCapturedTraceContextAndCloudEventsHeaders() {
    start(PublisherOptions.normalLaneOnly(BufferPolicy.dropOldest(10), "t"));
    String traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

    publisher.offer(tombstone("a").withTraceContext(Map.of("traceparent", traceparent)));
    await().until(() -> producer.history().size() == 1);

    var headers = producer.history().get(0).headers();
    assertThat(new String(headers.lastHeader("traceparent").value())).isEqualTo(traceparent);
    assertThat(new String(headers.lastHeader("ce_source").value())).isEqualTo("/strata/test");
    assertThat(new String(headers.lastHeader("ce_time").value())).isEqualTo(NOW.toString());
  }
}
