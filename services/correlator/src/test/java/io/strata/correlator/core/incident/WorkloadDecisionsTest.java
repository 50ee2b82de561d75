package io.strata.correlator.core.incident;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.core.request.Baseline;
import io.strata.correlator.core.request.BaselineTracker;
import io.strata.correlator.core.request.WindowStats;
import io.strata.events.Correlation;
import io.strata.events.trace.Stage;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkloadDecisionsTest {

  private static final Instant END = Instant.parse("2026-12-01T10:00:00Z");

  private static WindowStats windowEndingAt(Instant end) {
    return new WindowStats(
        Correlation.empty(),
        end.minusSeconds(60),
        end,
        100,
        0,
        80,
        200,
        220,
        Map.of(Stage.GPU_EXECUTE, 150.0),
        100,
        0,
        null,
        null,
        null,
        null,
        null);
  }

  private static Baseline baseline(double p95, Instant asOf) {
    return new Baseline(80, p95, 0, Map.of(Stage.GPU_EXECUTE, 150.0), 10, 1, asOf);
  }

  private static BaselineTracker warm(double p95, Instant asOf) {
    return BaselineTracker.empty().withHealthy(baseline(p95, asOf), 5);
  }

  @Test
  void aWindowIsStaleOnlyWhenItClosedMoreThanTheQuietPeriodAfterItsEnd() {
    Duration quiet = Duration.ofMinutes(5);
    assertThat(WorkloadDecisions.stale(windowEndingAt(END), END.plus(quiet), quiet)).isFalse();
    assertThat(WorkloadDecisions.stale(windowEndingAt(END), END.plus(quiet).plusMillis(1), quiet))
        .isTrue();
  }

  @Test
  void aWorkloadIsGoneOnlyWhenSilentForTheRetentionWithNothingLeft() {
    Duration keep = Duration.ofHours(1);
    Instant now = END.plus(keep).plusSeconds(1);
    assertThat(WorkloadDecisions.gone(windowEndingAt(END), false, false, now, keep)).isTrue();
    assertThat(WorkloadDecisions.gone(null, false, false, now, keep)).isTrue();
    assertThat(WorkloadDecisions.gone(windowEndingAt(END), true, false, now, keep)).isFalse();
    assertThat(WorkloadDecisions.gone(windowEndingAt(END), false, true, now, keep)).isFalse();
    assertThat(WorkloadDecisions.gone(windowEndingAt(END), false, false, END.plus(keep), keep))
        .isFalse();
  }

  @Test
  void aVersionIsJudgedByItsOwnBaselineElseTheNewestOfAnother() {
    BaselineTracker own = warm(300, END);
    BaselineTracker older = warm(200, END.minusSeconds(600));
    BaselineTracker newer = warm(250, END.minusSeconds(60));

    assertThat(WorkloadDecisions.baselineFor(own, List.of(older, newer).iterator(), 1).p95())
        .isEqualTo(300);
    assertThat(
            WorkloadDecisions.baselineFor(
                    BaselineTracker.empty(), List.of(older, newer).iterator(), 1)
                .p95())
        .isEqualTo(250);
    assertThat(
            WorkloadDecisions.baselineFor(
                BaselineTracker.empty(), List.of(older, newer).iterator(), 2))
        .isNull();
  }

  private static CorrelatorSettings.Regression lookbacks(Duration allocation, Duration model) {
    return new CorrelatorSettings.Regression(
        20, 1.5, Duration.ofMillis(50), 0.05, 10, 3, 1.2, allocation, model, 0.3);
  }

  @Test
  void eventsAreKeptForTheLongerOfTheTwoLookbacksThatReadThem() {
    assertThat(
            WorkloadDecisions.eventKeep(lookbacks(Duration.ofMinutes(10), Duration.ofMinutes(15))))
        .isEqualTo(Duration.ofMinutes(15));
    assertThat(
            WorkloadDecisions.eventKeep(lookbacks(Duration.ofMinutes(30), Duration.ofMinutes(15))))
        .isEqualTo(Duration.ofMinutes(30));
  }
}
