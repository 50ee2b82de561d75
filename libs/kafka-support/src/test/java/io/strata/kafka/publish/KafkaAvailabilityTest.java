package io.strata.kafka.publish;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.kafka.publish.KafkaAvailability.Pass;
import io.strata.testsupport.MutableClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class KafkaAvailabilityTest {

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-30T12:00:00Z"));
  private final KafkaAvailability kafka = new KafkaAvailability(clock, Duration.ofSeconds(5));

  @Test
  void afterAFailureRequestsAreRefusedUntilTheIntervalThenOneProbePasses() {
    assertThat(kafka.tryPass()).isEqualTo(Pass.NORMAL);
    kafka.failed(Pass.NORMAL, "TimeoutException: expired");
    assertThat(kafka.status())
        .isEqualTo(
            new KafkaAvailability.Status(
                false, clock.instant(), clock.instant(), "TimeoutException: expired"));

    assertThat(kafka.tryPass()).isEqualTo(Pass.REFUSED);
    clock.advance(Duration.ofSeconds(5));
    assertThat(kafka.tryPass()).isEqualTo(Pass.PROBE);
    assertThat(kafka.tryPass()).isEqualTo(Pass.REFUSED);

    kafka.succeeded(Pass.PROBE);
    assertThat(kafka.status().available()).isTrue();
    assertThat(kafka.tryPass()).isEqualTo(Pass.NORMAL);
  }

  @Test
  void aFailedProbeKeepsTheFirstFailureTimeAndRestartsTheInterval() {
    Instant firstFailure = clock.instant();
    kafka.failed(Pass.NORMAL, "first");
    clock.advance(Duration.ofSeconds(6));
    assertThat(kafka.tryPass()).isEqualTo(Pass.PROBE);
    kafka.failed(Pass.PROBE, "second");

    assertThat(kafka.status().unavailableSince()).isEqualTo(firstFailure);
    assertThat(kafka.status().lastError()).isEqualTo("second");
    assertThat(kafka.tryPass()).isEqualTo(Pass.REFUSED);
    clock.advance(Duration.ofSeconds(5));
    assertThat(kafka.tryPass()).isEqualTo(Pass.PROBE);
  }

  @Test
  void anAbandonedProbeFreesTheSlot() {
    kafka.failed(Pass.NORMAL, "down");
    clock.advance(Duration.ofSeconds(5));
    assertThat(kafka.tryPass()).isEqualTo(Pass.PROBE);
    kafka.abandoned(Pass.PROBE);
    assertThat(kafka.tryPass()).isEqualTo(Pass.PROBE);
  }
}
