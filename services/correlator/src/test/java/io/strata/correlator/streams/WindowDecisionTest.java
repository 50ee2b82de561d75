package io.strata.correlator.streams;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.core.incident.IncidentDraft;
import io.strata.correlator.core.incident.IncidentTracker;
import io.strata.correlator.core.incident.WindowDecision;
import io.strata.correlator.core.incident.WindowVerdict;
import io.strata.correlator.core.request.BaselineTracker;
import io.strata.correlator.core.request.Transition;
import io.strata.correlator.core.request.WindowStats;
import io.strata.events.Correlation;
import io.strata.events.trace.Stage;
import java.time.Instant;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The workload side's window decision without Kafka Streams (the scenario tests cover it through
 * the topology). In the scenario settings an incident opens after 2 regressed windows.
 */
class WindowDecisionTest {

  private static final Instant END = Instant.parse("2026-12-01T12:01:00Z");
  private static final WindowDecision DECISION = new WindowDecision(Scenario.settings());
  private static final Supplier<IncidentDraft> NOT_CLASSIFIED =
      () -> {
        throw new AssertionError("the window must not be classified");
      };

  private static WindowStats window() {
    return new WindowStats(
        Correlation.empty(),
        END.minusSeconds(60),
        END,
        100,
        0,
        80,
        200,
        220,
        Map.of(Stage.QUEUE_WAIT, 20.0, Stage.GPU_EXECUTE, 150.0),
        100,
        0,
        null,
        null,
        null,
        null,
        null);
  }

  private static WindowVerdict verdict(WindowVerdict.Kind kind) {
    return new WindowVerdict(kind, null, 0, 0, Stage.GPU_EXECUTE);
  }

  @Test
  void aFirstRegressedWindowCountsTheStreakAndOpensNothing() {
    Transition<WindowDecision.VersionState, WindowDecision.Emission> outcome =
        DECISION.decide(
            verdict(WindowVerdict.Kind.REGRESSED),
            window(),
            BaselineTracker.empty(),
            IncidentTracker.empty(),
            4,
            NOT_CLASSIFIED,
            draft -> false);

    assertThat(outcome.next().baseline().regressedStreak()).isEqualTo(1);
    assertThat(outcome.next().incident()).isEmpty();
    assertThat(outcome.emits()).isEmpty();
  }

  @Test
  void aRegressionThatIsADeviceFaultJoinsItInsteadOfOpeningAnIncident() {
    BaselineTracker once = BaselineTracker.empty().withRegressed(END.minusSeconds(5));

    Transition<WindowDecision.VersionState, WindowDecision.Emission> outcome =
        DECISION.decide(
            verdict(WindowVerdict.Kind.REGRESSED),
            window(),
            once,
            IncidentTracker.empty(),
            4,
            () -> null,
            draft -> true);

    assertThat(outcome.emits()).containsExactly(new WindowDecision.JoinedDeviceIncident());
    assertThat(outcome.next().incident()).isEmpty();
    assertThat(outcome.next().baseline().regressedStreak()).isEqualTo(2);
  }

  @Test
  void aHealthyWindowFeedsTheBaselineOnlyOnceTheAllocationIsKnown() {
    Transition<WindowDecision.VersionState, WindowDecision.Emission> unknown =
        DECISION.decide(
            verdict(WindowVerdict.Kind.IN_BAND),
            window(),
            BaselineTracker.empty(),
            IncidentTracker.empty(),
            0,
            NOT_CLASSIFIED,
            draft -> false);
    Transition<WindowDecision.VersionState, WindowDecision.Emission> known =
        DECISION.decide(
            verdict(WindowVerdict.Kind.IN_BAND),
            window(),
            BaselineTracker.empty(),
            IncidentTracker.empty(),
            4,
            NOT_CLASSIFIED,
            draft -> false);

    assertThat(unknown.next().baseline().healthy()).isEmpty();
    assertThat(known.next().baseline().healthy()).hasSize(1);
    assertThat(known.next().incident()).isEmpty();
  }

  @Test
  void anOutOfBandWindowWithNothingOpenFeedsTheBaseline() {
    Transition<WindowDecision.VersionState, WindowDecision.Emission> outcome =
        DECISION.decide(
            verdict(WindowVerdict.Kind.OUT_OF_BAND),
            window(),
            BaselineTracker.empty().withRegressed(END.minusSeconds(5)),
            IncidentTracker.empty(),
            4,
            NOT_CLASSIFIED,
            draft -> false);

    assertThat(outcome.next().baseline().healthy()).hasSize(1);
    assertThat(outcome.next().baseline().regressedStreak()).isZero();
    assertThat(outcome.next().incident()).isEmpty();
  }
}
