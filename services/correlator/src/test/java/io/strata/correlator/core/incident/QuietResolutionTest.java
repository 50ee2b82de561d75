package io.strata.correlator.core.incident;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.Correlation;
import io.strata.events.incident.Evidence;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import io.strata.events.incident.Scope;
import io.strata.events.incident.Severity;
import io.strata.events.incident.Signal;
import io.strata.events.incident.Trigger;
import io.strata.events.remediation.ActionType;
import io.strata.events.trace.Stage;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class QuietResolutionTest {

  private static final Instant T = Instant.parse("2026-12-01T10:00:00Z");
  private static final Duration QUIET = Duration.ofMinutes(2);
  private final QuietResolution quiet = new QuietResolution(QUIET);

  /** A QUEUE_BACKLOG incident opened (and last updated) at {@code openedAt}. */
  private static IncidentTracker openAt(Instant openedAt) {
    IncidentDraft draft =
        new IncidentDraft(
            IncidentClass.QUEUE_BACKLOG,
            Severity.WARNING,
            "queue",
            Correlation.empty(),
            new Scope(
                "c1", List.of("n1"), null, List.of("ml/chat"), List.of("v1"), true, true, true),
            "ml/chat/v1",
            new Trigger(Signal.REQUEST_P95, 500.0, 100.0, "ms", openedAt, openedAt),
            Stage.QUEUE_WAIT,
            Evidence.none(),
            List.of(ActionType.LOWER_CONCURRENCY));
    return IncidentTracker.empty()
        .onTrouble(draft, openedAt, Duration.ofMinutes(1), Duration.ofMinutes(10), 2)
        .next();
  }

  @Test
  void resolvesOnceTheLastMeasuredWindowIsAQuietPeriodOld() {
    IncidentTracker open = openAt(T);
    Instant measured = T.plusSeconds(30);

    assertThat(quiet.decide(open, measured, measured.plus(QUIET).minusMillis(1))).isEmpty();

    Incident resolved =
        quiet.decide(open, measured, measured.plus(QUIET)).orElseThrow().emits().get(0);
    assertThat(resolved.state()).isEqualTo(IncidentState.RESOLVED);
    assertThat(resolved.resolvedAt()).isEqualTo(measured.plus(QUIET));
    assertThat(resolved.timeToRecoverMillis()).isNull();
    assertThat(resolved.evidence().notes())
        .contains(
            "resolved without traffic: no window with enough requests to measure since "
                + "2026-12-01T10:00:30Z (quiet period PT2M); recovery was not measured");
  }

  @Test
  void withoutAMeasuredWindowTheIncidentsLastUpdateCounts() {
    IncidentTracker open = openAt(T);

    assertThat(quiet.decide(open, null, T.plus(QUIET).minusMillis(1))).isEmpty();
    assertThat(quiet.decide(open, null, T.plus(QUIET))).isPresent();
  }

  @Test
  void anUpdateAfterTheLastMeasuredWindowCountsAsTraffic() {
    IncidentTracker open = openAt(T.plusSeconds(90));

    assertThat(quiet.decide(open, T, T.plus(QUIET))).isEmpty();
    assertThat(QuietResolution.lastTraffic(T, T.plusSeconds(90))).isEqualTo(T.plusSeconds(90));
    assertThat(QuietResolution.lastTraffic(T.plusSeconds(90), T)).isEqualTo(T.plusSeconds(90));
    assertThat(QuietResolution.lastTraffic(null, T)).isEqualTo(T);
  }
}
