package io.strata.remediator.core.pagerduty;

import static io.strata.remediator.core.pagerduty.EventAction.ACKNOWLEDGE;
import static io.strata.remediator.core.pagerduty.EventAction.RESOLVE;
import static io.strata.remediator.core.pagerduty.EventAction.TRIGGER;
import static io.strata.remediator.core.pagerduty.PagerFixtures.xid79;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.incident.IncidentState;
import io.strata.events.incident.Severity;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class PageTransitionsTest {

  private static final Instant NOW = PagerFixtures.T0.plusSeconds(400);
  private static final Duration WINDOW = Duration.ofHours(1);

  private final PageTransitions pager = new PageTransitions(Severity.CRITICAL, WINDOW, 100);

  @Test
  void xid79TriggersAcknowledgesAndResolvesOnceEach() {
    assertThat(pager.next(xid79(IncidentState.OPEN, 1), NOW)).containsExactly(TRIGGER);
    assertThat(pager.next(xid79(IncidentState.OPEN, 1), NOW)).as("redelivered").isEmpty();
    assertThat(pager.next(xid79(IncidentState.OPEN, 2), NOW)).as("an update").isEmpty();
    assertThat(pager.next(xid79(IncidentState.MITIGATING, 3), NOW)).containsExactly(ACKNOWLEDGE);
    assertThat(pager.next(xid79(IncidentState.MITIGATING, 4), NOW)).isEmpty();
    assertThat(pager.next(xid79(IncidentState.RESOLVED, 5), NOW)).containsExactly(RESOLVE);
    assertThat(pager.next(xid79(IncidentState.RESOLVED, 6), NOW)).isEmpty();
  }

  @Test
  void anIncidentBelowTheSeverityIsNeverSentNorItsResolution() {
    assertThat(pager.next(xid79(IncidentState.OPEN, 1, Severity.WARNING, 1), NOW)).isEmpty();
    assertThat(pager.next(xid79(IncidentState.MITIGATING, 2, Severity.WARNING, 1), NOW)).isEmpty();
    assertThat(pager.next(xid79(IncidentState.RESOLVED, 3, Severity.CRITICAL, 1), NOW))
        .as("resolved without ever having paged")
        .isEmpty();
  }

  @Test
  void anIncidentThatGrowsCriticalPagesThenAndIsResolvedLater() {
    assertThat(pager.next(xid79(IncidentState.OPEN, 1, Severity.WARNING, 1), NOW)).isEmpty();
    assertThat(pager.next(xid79(IncidentState.OPEN, 2, Severity.CRITICAL, 1), NOW))
        .containsExactly(TRIGGER);
    assertThat(pager.next(xid79(IncidentState.RESOLVED, 3, Severity.WARNING, 1), NOW))
        .as("a paged incident is resolved whatever its severity now")
        .containsExactly(RESOLVE);
  }

  @Test
  void firstSeenMitigatingTriggersThenAcknowledges() {
    assertThat(pager.next(xid79(IncidentState.MITIGATING, 2), NOW))
        .containsExactly(TRIGGER, ACKNOWLEDGE);
  }

  @Test
  void aStaleRevisionSendsNothing() {
    pager.next(xid79(IncidentState.RESOLVED, 5), NOW);
    assertThat(pager.next(xid79(IncidentState.OPEN, 4), NOW)).isEmpty();
  }

  @Test
  void aReopenedIncidentPagesAgainInItsNewEpisode() {
    pager.next(xid79(IncidentState.OPEN, 1), NOW);
    pager.next(xid79(IncidentState.RESOLVED, 2), NOW);

    assertThat(pager.next(xid79(IncidentState.OPEN, 3, Severity.CRITICAL, 2), NOW))
        .containsExactly(TRIGGER);
    assertThat(pager.next(xid79(IncidentState.RESOLVED, 4, Severity.CRITICAL, 2), NOW))
        .containsExactly(RESOLVE);
    assertThat(pager.next(xid79(IncidentState.RESOLVED, 4, Severity.CRITICAL, 1), NOW))
        .as("an earlier episode")
        .isEmpty();
  }

  @Test
  void aResolutionNeverSeenOpenIsSentOnlyWithinTheReplayWindow() {
    assertThat(pager.next(xid79(IncidentState.RESOLVED, 3), NOW))
        .as("resolved 40 s before now: a previous leader may have paged")
        .containsExactly(RESOLVE);

    PageTransitions later = new PageTransitions(Severity.CRITICAL, WINDOW, 100);
    assertThat(later.next(xid79(IncidentState.RESOLVED, 3), NOW.plus(Duration.ofHours(2))))
        .as("resolved two hours ago")
        .isEmpty();
    assertThat(
            new PageTransitions(Severity.CRITICAL, WINDOW, 100)
                .next(xid79(IncidentState.RESOLVED, 3, Severity.WARNING, 1), NOW))
        .as("below the severity")
        .isEmpty();
  }

  @Test
  void aForgottenIncidentCountsAsNeverSeen() {
    PageTransitions small = new PageTransitions(Severity.CRITICAL, WINDOW, 1);
    small.next(xid79(IncidentState.OPEN, 1, Severity.WARNING, 1), NOW);
    // Another incident pushes the first out of memory.
    small.next(xid79("inc-other", IncidentState.OPEN, 1, Severity.CRITICAL, 1), NOW);

    assertThat(small.next(xid79(IncidentState.RESOLVED, 2), NOW)).containsExactly(RESOLVE);
  }

  @Test
  void theLeastSeverityIsConfigurableAndUnspecifiedNeverPages() {
    PageTransitions warnings = new PageTransitions(Severity.WARNING, WINDOW, 100);
    assertThat(warnings.next(xid79(IncidentState.OPEN, 1, Severity.WARNING, 1), NOW))
        .containsExactly(TRIGGER);

    PageTransitions info = new PageTransitions(Severity.INFO, WINDOW, 100);
    assertThat(info.next(xid79(IncidentState.OPEN, 1, Severity.UNSPECIFIED, 1), NOW)).isEmpty();
    assertThat(info.next(xid79(IncidentState.OPEN, 2, Severity.INFO, 1), NOW))
        .containsExactly(TRIGGER);
  }
}
