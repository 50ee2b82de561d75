package io.strata.deviceingest.publish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class DropOldestBufferTest {

  @Test
  void dropsTheOldestWhenFullAndCountsIt() throws InterruptedException {
    DropOldestBuffer<Integer> buffer = new DropOldestBuffer<>(3);
    for (int i = 1; i <= 3; i++) {
      assertThat(buffer.offer(i)).isNull();
    }
    assertThat(buffer.offer(4)).isEqualTo(1);
    assertThat(buffer.offer(5)).isEqualTo(2);

    assertThat(buffer.size()).isEqualTo(3);
    assertThat(buffer.dropped()).isEqualTo(2);
    assertThat(buffer.poll(0, TimeUnit.MILLISECONDS)).isEqualTo(3);
    assertThat(buffer.poll(0, TimeUnit.MILLISECONDS)).isEqualTo(4);
    assertThat(buffer.poll(0, TimeUnit.MILLISECONDS)).isEqualTo(5);
    assertThat(buffer.poll(0, TimeUnit.MILLISECONDS)).isNull();
  }

  @Test
  void requeuedElementsGoFirstUnlessTheBufferFilledUp() throws InterruptedException {
    DropOldestBuffer<String> buffer = new DropOldestBuffer<>(2);
    buffer.offer("b");
    assertThat(buffer.requeueFirst("a")).isNull();
    assertThat(buffer.requeueFirst("z")).isEqualTo("z");

    assertThat(buffer.dropped()).isEqualTo(1);
    assertThat(buffer.poll(0, TimeUnit.MILLISECONDS)).isEqualTo("a");
    assertThat(buffer.poll(0, TimeUnit.MILLISECONDS)).isEqualTo("b");
  }

  @Test
  void staysBoundedUnderAFlood() {
    DropOldestBuffer<Integer> buffer = new DropOldestBuffer<>(100);
    for (int i = 0; i < 100_000; i++) {
      buffer.offer(i);
    }
    assertThat(buffer.size()).isEqualTo(100);
    assertThat(buffer.dropped()).isEqualTo(99_900);
  }

  @Test
  void rejectsAUselessCapacity() {
    assertThatThrownBy(() -> new DropOldestBuffer<>(0))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
