package io.strata.kafka.publish;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.topic.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OutboundBufferTest {

  private final List<OutboundRecord> dropped = new ArrayList<>();

  private static OutboundRecord tombstone(String key) {
    return OutboundRecord.tombstone(Topics.K8S_PODS, key);
  }

  private static OutboundRecord value(String key, int version) {
    return new OutboundRecord(
        "strata.k8s.pods.v1",
        Topics.K8S_PODS.eventType(),
        key,
        "strata.k8s.pods.v1|" + key,
        new byte[] {(byte) version},
        null,
        Map.of());
  }

  @Test
  void aNewerRecordOfAPendingSlotReplacesItAndKeepsItsTurn() throws Exception {
    OutboundBuffer buffer = new OutboundBuffer(BufferPolicy.waitThenRefuse(2, Duration.ZERO));
    assertThat(buffer.offer(value("a", 1), dropped::add)).isEqualTo(OfferResult.QUEUED);
    assertThat(buffer.offer(tombstone("b"), dropped::add)).isEqualTo(OfferResult.QUEUED);
    assertThat(buffer.offer(tombstone("a"), dropped::add)).isEqualTo(OfferResult.COALESCED);

    assertThat(buffer.size()).isEqualTo(2);
    OutboundRecord head = buffer.poll(Duration.ZERO);
    assertThat(head.key()).isEqualTo("a");
    assertThat(head.tombstone()).isTrue();
  }

  @Test
  void waitThenRefuseRefusesWhenFullForTheWholeTimeout() throws Exception {
    OutboundBuffer buffer =
        new OutboundBuffer(BufferPolicy.waitThenRefuse(1, Duration.ofMillis(20)));
    buffer.offer(tombstone("a"), dropped::add);

    assertThat(buffer.offer(tombstone("b"), dropped::add)).isEqualTo(OfferResult.REFUSED);
    assertThat(buffer.size()).isEqualTo(1);
    assertThat(dropped).isEmpty();
  }

  @Test
  void dropOldestMakesRoomByDiscardingTheOldestAndCountsIt() throws Exception {
    OutboundBuffer buffer = new OutboundBuffer(BufferPolicy.dropOldest(2));
    buffer.offer(tombstone("a"), dropped::add);
    buffer.offer(tombstone("b"), dropped::add);

    assertThat(buffer.offer(tombstone("c"), dropped::add))
        .isEqualTo(OfferResult.QUEUED_DROPPING_OLDEST);
    assertThat(dropped).extracting(OutboundRecord::key).containsExactly("a");
    assertThat(buffer.dropped()).isEqualTo(1);
    assertThat(buffer.poll(Duration.ZERO).key()).isEqualTo("b");
    assertThat(buffer.poll(Duration.ZERO).key()).isEqualTo("c");
  }

  @Test
  void aRequeuedRecordIsSentNextUnlessANewerOneOfItsSlotArrived() throws Exception {
    OutboundBuffer buffer = new OutboundBuffer(BufferPolicy.refuseWhenFull(1));
    buffer.offer(tombstone("b"), dropped::add);

    buffer.requeueFirst(tombstone("a"));
    assertThat(buffer.size()).isEqualTo(2);
    assertThat(buffer.poll(Duration.ZERO).key()).isEqualTo("a");

    buffer.requeueFirst(value("b", 1));
    assertThat(buffer.size()).isEqualTo(1);
    assertThat(buffer.poll(Duration.ZERO).tombstone()).isTrue();
  }

  @Test
  void pollReturnsNullWhenNothingCameAndAwaitEmptyIsTrueOnceDrained() throws Exception {
    OutboundBuffer buffer = new OutboundBuffer(BufferPolicy.dropOldest(1));
    assertThat(buffer.poll(Duration.ofMillis(5))).isNull();
    buffer.offer(tombstone("a"), dropped::add);
    assertThat(buffer.awaitEmpty(Duration.ZERO)).isFalse();
    buffer.poll(Duration.ZERO);
    assertThat(buffer.awaitEmpty(Duration.ZERO)).isTrue();
  }

  @Test
  void aFullBufferStillCoalescesAPendingSlot() throws Exception {
    OutboundBuffer buffer = new OutboundBuffer(BufferPolicy.waitThenRefuse(1, Duration.ZERO));
    buffer.offer(value("a", 1), dropped::add);

    assertThat(buffer.offer(value("b", 1), dropped::add)).isEqualTo(OfferResult.REFUSED);
    assertThat(buffer.offer(value("a", 2), dropped::add)).isEqualTo(OfferResult.COALESCED);
    assertThat(buffer.poll(Duration.ZERO).value()).containsExactly(2);
  }

  @Test
  void aWaitingOfferProceedsWhenTheDrainMakesRoom() throws Exception {
    OutboundBuffer buffer =
        new OutboundBuffer(BufferPolicy.waitThenRefuse(1, Duration.ofSeconds(10)));
    buffer.offer(value("a", 1), dropped::add);
    Thread drainer =
        new Thread(
            () -> {
              try {
                buffer.poll(Duration.ofSeconds(5));
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
    drainer.start();

    assertThat(buffer.offer(value("b", 1), dropped::add)).isEqualTo(OfferResult.QUEUED);
    drainer.join();
    assertThat(buffer.poll(Duration.ZERO).key()).isEqualTo("b");
    assertThat(buffer.awaitEmpty(Duration.ZERO)).isTrue();
  }
}
