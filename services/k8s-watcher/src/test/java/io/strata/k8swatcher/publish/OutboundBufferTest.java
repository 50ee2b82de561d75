package io.strata.k8swatcher.publish;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.EventType;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class OutboundBufferTest {

  @Test
  void newerStateOfAPendingKeyReplacesItAndKeepsItsTurn() throws InterruptedException {
    OutboundBuffer buffer = new OutboundBuffer(10);
    assertThat(buffer.offer(record("a", "1"), Duration.ZERO))
        .isEqualTo(OutboundBuffer.OfferResult.QUEUED);
    assertThat(buffer.offer(record("b", "1"), Duration.ZERO))
        .isEqualTo(OutboundBuffer.OfferResult.QUEUED);
    assertThat(buffer.offer(record("a", "2"), Duration.ZERO))
        .isEqualTo(OutboundBuffer.OfferResult.COALESCED);
    assertThat(buffer.size()).isEqualTo(2);
    assertThat(text(buffer.poll(Duration.ZERO))).isEqualTo("a=2");
    assertThat(text(buffer.poll(Duration.ZERO))).isEqualTo("b=1");
    assertThat(buffer.poll(Duration.ZERO)).isNull();
  }

  @Test
  void fullBufferRefusesANewKeyAfterTheTimeoutButStillCoalesces() throws InterruptedException {
    OutboundBuffer buffer = new OutboundBuffer(1);
    buffer.offer(record("a", "1"), Duration.ZERO);
    assertThat(buffer.offer(record("b", "1"), Duration.ofMillis(20)))
        .isEqualTo(OutboundBuffer.OfferResult.REFUSED);
    assertThat(buffer.offer(record("a", "2"), Duration.ZERO))
        .isEqualTo(OutboundBuffer.OfferResult.COALESCED);
  }

  @Test
  void aWaitingOfferProceedsWhenTheDrainMakesRoom() throws Exception {
    OutboundBuffer buffer = new OutboundBuffer(1);
    buffer.offer(record("a", "1"), Duration.ZERO);
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
    assertThat(buffer.offer(record("b", "1"), Duration.ofSeconds(10)))
        .isEqualTo(OutboundBuffer.OfferResult.QUEUED);
    drainer.join();
    assertThat(text(buffer.poll(Duration.ZERO))).isEqualTo("b=1");
    assertThat(buffer.awaitEmpty(Duration.ZERO)).isTrue();
  }

  @Test
  void tombstoneIsANullValue() throws InterruptedException {
    OutboundBuffer buffer = new OutboundBuffer(2);
    buffer.offer(new Outbound("t", EventType.POD_STATE, "a", "t|a", null), Duration.ZERO);
    assertThat(buffer.poll(Duration.ZERO).tombstone()).isTrue();
  }

  private static Outbound record(String key, String value) {
    return new Outbound(
        "t", EventType.POD_STATE, key, "t|" + key, value.getBytes(StandardCharsets.UTF_8));
  }

  private static String text(Outbound record) {
    return record.key() + "=" + new String(record.value(), StandardCharsets.UTF_8);
  }
}
