package io.strata.correlator.core.request;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.trace.Stage;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BaselineTrackerTest {

  private static final Instant T = Instant.parse("2026-11-30T10:00:00Z");

  private static Baseline window(int n, double p95, double queue) {
    return new Baseline(
        p95 / 2, p95, 0.01, Map.of(Stage.QUEUE_WAIT, queue), 10.0, 1, T.plusSeconds(n));
  }

  @Test
  void noBaselineBeforeTheWarmup() {
    BaselineTracker tracker =
        BaselineTracker.empty()
            .withHealthy(window(1, 100, 10), 10)
            .withHealthy(window(2, 100, 10), 10);

    assertThat(tracker.baseline(3)).isEmpty();
    assertThat(tracker.withHealthy(window(3, 100, 10), 10).baseline(3)).isPresent();
  }

  @Test
  void theMedianIgnoresOneOutlierWindow() {
    BaselineTracker tracker = BaselineTracker.empty();
    double[] p95s = {100, 110, 5000, 90, 105};
    for (int i = 0; i < p95s.length; i++) {
      tracker = tracker.withHealthy(window(i, p95s[i], 10 + i), 10);
    }

    Baseline baseline = tracker.baseline(3).orElseThrow();

    assertThat(baseline.p95()).isEqualTo(105.0);
    assertThat(baseline.stage(Stage.QUEUE_WAIT)).isEqualTo(12.0);
    assertThat(baseline.windows()).isEqualTo(5);
    assertThat(baseline.asOf()).isEqualTo(T.plusSeconds(4));
  }

  @Test
  void onlyTheNewestWindowsAreKeptAndAHealthyWindowEndsTheRegressionStreak() {
    BaselineTracker tracker = BaselineTracker.empty();
    for (int i = 0; i < 6; i++) {
      tracker = tracker.withHealthy(window(i, 100 + i, 10), 4);
    }
    tracker = tracker.withRegressed(T).withRegressed(T);

    assertThat(tracker.healthy()).hasSize(4);
    assertThat(tracker.baseline(1).orElseThrow().p95()).isEqualTo(103.5);
    assertThat(tracker.regressedStreak()).isEqualTo(2);
    assertThat(tracker.withHealthy(window(9, 100, 10), 4).regressedStreak()).isZero();
    assertThat(tracker.withNeutral(T).regressedStreak()).isZero();
  }
}
