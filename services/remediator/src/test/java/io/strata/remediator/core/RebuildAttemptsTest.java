package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A failed journal rebuild is retried with a doubling backoff and reported until it succeeds (issue
 * 16: a failed rebuild once left the pod not ready for good).
 */
class RebuildAttemptsTest {

  private final RebuildAttempts attempts =
      new RebuildAttempts(Duration.ofSeconds(1), Duration.ofSeconds(5));
  private final List<Long> delays = new ArrayList<>();
  private final AtomicInteger runs = new AtomicInteger();

  /** A rebuild that fails {@code failures} times ("broker down #n"), then succeeds. */
  private Runnable failing(int failures) {
    return () -> {
      int run = runs.incrementAndGet();
      if (run <= failures) {
        throw new IllegalStateException("broker down #" + run);
      }
    };
  }

  /** Runs like the service: each failure schedules the next attempt, here at once. */
  private void runUntilSucceeded(Runnable rebuild) {
    boolean done = false;
    while (!done) {
      done = attempts.attempt(rebuild, (delay, cause) -> delays.add(delay));
    }
  }

  @Test
  void failuresAreRetriedWithADoublingBackoffCappedAtTheMaximumUntilOneSucceeds() {
    runUntilSucceeded(failing(6));

    assertThat(delays).containsExactly(1_000L, 2_000L, 4_000L, 5_000L, 5_000L, 5_000L);
    assertThat(runs).hasValue(7);
    assertThat(attempts.failures()).isZero();
    assertThat(attempts.lastError()).isEmpty();
  }

  @Test
  void whileFailingTheCountAndTheLastErrorAreReported() {
    Runnable rebuild = failing(2);
    assertThat(attempts.attempt(rebuild, (delay, cause) -> delays.add(delay))).isFalse();
    assertThat(attempts.attempt(rebuild, (delay, cause) -> delays.add(delay))).isFalse();

    assertThat(attempts.failures()).isEqualTo(2);
    assertThat(attempts.lastError()).contains("broker down #2");

    assertThat(attempts.attempt(rebuild, (delay, cause) -> delays.add(delay))).isTrue();
    assertThat(attempts.failures()).isZero();
    assertThat(attempts.lastError()).isEmpty();
    // After a success the backoff starts over.
    assertThat(attempts.attempt(failing(99), (delay, cause) -> delays.add(delay))).isFalse();
    assertThat(delays).containsExactly(1_000L, 2_000L, 1_000L);
  }
}
