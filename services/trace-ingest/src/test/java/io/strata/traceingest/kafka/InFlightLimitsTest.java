package io.strata.traceingest.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class InFlightLimitsTest {

  @Test
  void limitsBoundRequestsAndSpansButLetOneOversizedBatchThroughAlone() {
    InFlightLimits limits = new InFlightLimits(2, 100);
    assertThat(limits.tryAcquireRequest()).isTrue();
    assertThat(limits.tryAcquireRequest()).isTrue();
    assertThat(limits.tryAcquireRequest()).isFalse();
    limits.releaseRequest();
    assertThat(limits.tryAcquireRequest()).isTrue();

    assertThat(limits.tryAcquireSpans(60)).isTrue();
    assertThat(limits.tryAcquireSpans(41)).isFalse();
    assertThat(limits.tryAcquireSpans(40)).isTrue();
    assertThat(limits.spansInFlight()).isEqualTo(100);
    limits.releaseSpans(100);
    assertThat(limits.tryAcquireSpans(500)).isTrue();
    assertThat(limits.tryAcquireSpans(1)).isFalse();
  }
}
