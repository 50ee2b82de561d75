package io.strata.kafka.publish;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.testsupport.MutableClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class PublisherHealthTest {

  private static final Instant START = Instant.parse("2026-12-01T10:00:00Z");
  private final MutableClock clock = new MutableClock(START);
  private final PublisherHealth health = new PublisherHealth(clock);

  @Test
  void healthyBeforeAnyAttempt() {
    assertThat(health.status()).isEqualTo(new PublisherHealth.Status(true, null, null, null));
  }

  @Test
  void unhealthyAfterAFailureUntilALaterSuccess() {
    health.succeeded();
    clock.advance(Duration.ofSeconds(1));
    health.failed(new IllegalStateException("broker gone"));

    assertThat(health.status())
        .isEqualTo(
            new PublisherHealth.Status(
                false,
                START,
                START.plusSeconds(1),
                "java.lang.IllegalStateException: broker gone"));

    clock.advance(Duration.ofSeconds(1));
    health.succeeded();
    assertThat(health.healthy()).isTrue();
    assertThat(health.status().lastSuccess()).isEqualTo(START.plusSeconds(2));
  }
}
