package io.strata.deviceingest.publish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.strata.deviceingest.publish.PublishLane.Delivery;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;

/** Lanes with a fake sender: who is dropped, who is re-sent, and that lanes do not interfere. */
class PublishLaneTest {

  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

  /** Acknowledges at once, with an error while {@code failing}; remembers every send. */
  private static final class FakeKafka implements PublishLane.Sender<String> {
    final List<String> sends = new CopyOnWriteArrayList<>();
    final List<String> delivered = new CopyOnWriteArrayList<>();
    final AtomicBoolean failing = new AtomicBoolean();
    volatile Exception error = new TimeoutException("broker down");

    @Override
    public void send(String record, Consumer<Exception> acknowledged) {
      sends.add(record);
      if (failing.get()) {
        acknowledged.accept(error);
      } else {
        delivered.add(record);
        acknowledged.accept(null);
      }
    }
  }

  /** Never acknowledges: the records stay inside "the producer". */
  private static final class StuckKafka implements PublishLane.Sender<String> {
    @Override
    public void send(String record, Consumer<Exception> acknowledged) {}
  }

  private PublishLane<String> lane(
      String name, LaneBuffer<String> buffer, Delivery delivery, PublishLane.Sender<String> k) {
    return new PublishLane<>(
        name,
        buffer,
        delivery,
        2,
        RecordSender::permanent,
        k,
        meters,
        new LaneMeterNames(
            "test.publish.sent",
            "test.publish.failed",
            "test.publish.dropped",
            "test.publish.resent",
            "test.publish.buffered",
            "test.publish.unacknowledged"));
  }

  private double count(String meter, String lane) {
    return meters.counter("test.publish." + meter, "lane", lane).count();
  }

  @Test
  void aFailedRecordOfTheUntilAcknowledgedLaneIsSentAgainUntilKafkaTakesIt() {
    FakeKafka kafka = new FakeKafka();
    kafka.failing.set(true);
    try (PublishLane<String> events =
        lane("events", new RetainingBuffer<>(100), Delivery.UNTIL_ACKNOWLEDGED, kafka)) {
      events.offer("xid-1");
      events.offer("xid-2");
      await().atMost(Duration.ofSeconds(5)).until(() -> count("resent", "events") >= 4);
      assertThat(events.degraded()).isTrue();
      kafka.failing.set(false);
      await().atMost(Duration.ofSeconds(5)).until(() -> kafka.delivered.size() == 2);
      assertThat(kafka.delivered).containsExactlyInAnyOrder("xid-1", "xid-2");
      assertThat(kafka.sends).containsOnly("xid-1", "xid-2");
      assertThat(events.droppedCount()).isZero();
      await().atMost(Duration.ofSeconds(5)).until(() -> !events.degraded());
    }
  }

  @Test
  void aRecordThatCanNeverBeDeliveredIsDroppedAndCountedNotRetriedForever() {
    FakeKafka kafka = new FakeKafka();
    kafka.failing.set(true);
    kafka.error = new RecordTooLargeException("too large");
    try (PublishLane<String> events =
        lane("events", new RetainingBuffer<>(100), Delivery.UNTIL_ACKNOWLEDGED, kafka)) {
      events.offer("huge");
      await().atMost(Duration.ofSeconds(5)).until(() -> events.droppedCount() == 1);
      assertThat(kafka.sends).containsExactly("huge");
      assertThat(count("resent", "events")).isZero();
    }
  }

  @Test
  void aBestEffortLaneCountsAFailedRecordAndDoesNotSendItAgain() {
    FakeKafka kafka = new FakeKafka();
    kafka.failing.set(true);
    try (PublishLane<String> samples =
        lane("samples", new DropOldestBuffer<>(10), Delivery.BEST_EFFORT, kafka)) {
      samples.offer("s-1");
      await().atMost(Duration.ofSeconds(5)).until(() -> count("failed", "samples") == 1);
      assertThat(kafka.sends).containsExactly("s-1");
      assertThat(count("resent", "samples")).isZero();
    }
  }

  @Test
  void aSampleFloodEvictsOldSamplesAndNeverTouchesTheEventsLane() {
    FakeKafka kafka = new FakeKafka();
    try (PublishLane<String> samples =
            lane("samples", new DropOldestBuffer<>(10), Delivery.BEST_EFFORT, new StuckKafka());
        PublishLane<String> events =
            lane("events", new RetainingBuffer<>(100), Delivery.UNTIL_ACKNOWLEDGED, kafka)) {
      samples.offer("s-0");
      samples.offer("s-1");
      await().atMost(Duration.ofSeconds(5)).until(() -> samples.unacknowledged() == 2);
      for (int i = 2; i < 1000; i++) {
        samples.offer("s-" + i);
      }
      events.offer("xid-79");
      await().atMost(Duration.ofSeconds(5)).until(() -> kafka.delivered.contains("xid-79"));
      assertThat(samples.buffered()).isEqualTo(10);
      assertThat(samples.unacknowledged()).isEqualTo(2);
      assertThat(samples.droppedCount()).isEqualTo(1000 - 10 - 2);
      assertThat(events.droppedCount()).isZero();
    }
  }

  @Test
  void theRetainingBufferRefusesPastItsSafetyCapAndCountsItLoudly() {
    try (PublishLane<String> events =
        lane("events", new RetainingBuffer<>(3), Delivery.UNTIL_ACKNOWLEDGED, new StuckKafka())) {
      events.offer("xid-0");
      events.offer("xid-1");
      await().atMost(Duration.ofSeconds(5)).until(() -> events.unacknowledged() == 2);
      for (int i = 2; i < 10; i++) {
        events.offer("xid-" + i);
      }
      // 2 inside the stuck producer, 3 buffered, 5 refused: never an accepted one evicted.
      assertThat(events.buffered()).isEqualTo(3);
      assertThat(events.droppedCount()).isEqualTo(5);
      assertThat(count("dropped", "events")).isEqualTo(5);
      assertThat(events.degraded()).isTrue();
    }
  }
}
