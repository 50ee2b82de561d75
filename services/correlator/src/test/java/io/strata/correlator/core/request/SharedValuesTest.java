package io.strata.correlator.core.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.events.Correlation;
import org.junit.jupiter.api.Test;

class SharedValuesTest {

  private static Correlation pod(String name) {
    return Correlation.builder().namespace("ml").workload("chat").pod(name).build();
  }

  @Test
  void equalValuesBecomeTheFirstInstanceSeen() {
    SharedValues shared = SharedValues.upTo(8);
    Correlation first = shared.correlation(pod("chat-0"));

    assertThat(shared.correlation(pod("chat-0"))).isSameAs(first);
    assertThat(shared.gpu(new String("GPU-1".toCharArray())))
        .isSameAs(shared.gpu(new String("GPU-1".toCharArray())));
    assertThat(shared.correlation(null)).isNull();
    assertThat(shared.gpu(null)).isNull();
  }

  @Test
  void pastItsBoundItStartsOverAndStillReturnsEqualValues() {
    SharedValues shared = SharedValues.upTo(2);
    Correlation zero = shared.correlation(pod("chat-0"));
    shared.correlation(pod("chat-1"));
    shared.correlation(pod("chat-2")); // the third distinct value: the map starts over

    Correlation again = shared.correlation(pod("chat-0"));
    assertThat(again).isEqualTo(zero).isNotSameAs(zero);
  }

  @Test
  void noneSharesNothing() {
    Correlation value = pod("chat-0");
    assertThat(SharedValues.none().correlation(value)).isSameAs(value);
    assertThatThrownBy(() -> SharedValues.upTo(0)).isInstanceOf(IllegalArgumentException.class);
  }
}
