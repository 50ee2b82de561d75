package io.strata.correlator.core.incident;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.core.request.Transition;
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

class IncidentTrackerTest {

  private static final Instant T = Instant.parse("2026-11-30T10:00:00Z");
  private static final Duration UPDATE = Duration.ofMinutes(1);
  private static final Duration COOLDOWN = Duration.ofMinutes(10);

  private static IncidentDraft draft(Severity severity, double p95) {
    return new IncidentDraft(
        IncidentClass.QUEUE_BACKLOG,
        severity,
        "queue",
        Correlation.empty(),
        new Scope("c1", List.of("n1"), null, List.of("ml/chat"), List.of("v1"), true, true, true),
        "ml/chat/v1",
        new Trigger(Signal.REQUEST_P95, p95, 100.0, "ms", T, T),
        Stage.QUEUE_WAIT,
        Evidence.none(),
        List.of(ActionType.LOWER_CONCURRENCY));
  }

  private static Instant at(long seconds) {
    return T.plusSeconds(seconds);
  }

  @Test
  void opensOnceThenThrottlesUpdatesUnlessSomethingThatMattersChanges() {
    Transition<IncidentTracker, Incident> opened =
        IncidentTracker.empty().onTrouble(draft(Severity.WARNING, 500), at(0), UPDATE, COOLDOWN, 2);
    Incident first = opened.emits().get(0);
    assertThat(first.incidentId())
        .isEqualTo(IncidentIds.of(IncidentClass.QUEUE_BACKLOG, "c1", "ml/chat/v1", 1));
    assertThat(first.state()).isEqualTo(IncidentState.OPEN);
    assertThat(first.revision()).isEqualTo(1);

    Transition<IncidentTracker, Incident> quiet =
        opened.next().onTrouble(draft(Severity.WARNING, 520), at(10), UPDATE, COOLDOWN, 2);
    assertThat(quiet.emits()).isEmpty();
    assertThat(quiet.next().current().trigger().value()).isEqualTo(520.0);

    Transition<IncidentTracker, Incident> worse =
        quiet.next().onTrouble(draft(Severity.CRITICAL, 900), at(20), UPDATE, COOLDOWN, 2);
    assertThat(worse.emits())
        .singleElement()
        .extracting(Incident::severity)
        .isEqualTo(Severity.CRITICAL);
    assertThat(worse.emits().get(0).incidentId()).isEqualTo(first.incidentId());
    assertThat(worse.emits().get(0).revision()).isEqualTo(3);

    Transition<IncidentTracker, Incident> due =
        worse.next().onTrouble(draft(Severity.CRITICAL, 950), at(80), UPDATE, COOLDOWN, 2);
    assertThat(due.emits()).isNotEmpty();
    assertThat(due.emits().get(0).openedAt()).isEqualTo(at(0));
  }

  @Test
  void resolvesAfterTheConfiguredHealthyStreakAndAFlapIsThrottled() {
    IncidentTracker tracker =
        IncidentTracker.empty()
            .onTrouble(draft(Severity.WARNING, 500), at(0), UPDATE, COOLDOWN, 2)
            .next();

    Transition<IncidentTracker, Incident> mitigating = tracker.onHealthy(at(10), 3, UPDATE);
    assertThat(mitigating.emits())
        .singleElement()
        .extracting(Incident::state)
        .isEqualTo(IncidentState.MITIGATING);
    Transition<IncidentTracker, Incident> second = mitigating.next().onHealthy(at(20), 3, UPDATE);
    assertThat(second.emits()).isEmpty();
    // One troubled window while mitigating is evidence, not a relapse (hysteresis: two in a row).
    Transition<IncidentTracker, Incident> blip =
        second.next().onTrouble(draft(Severity.WARNING, 600), at(30), UPDATE, COOLDOWN, 2);
    assertThat(blip.emits()).isEmpty();
    assertThat(blip.next().current().state()).isEqualTo(IncidentState.MITIGATING);
    // The second in a row is a relapse, kept, not published inside the update interval; the
    // healthy streak starts over.
    Transition<IncidentTracker, Incident> relapse =
        blip.next().onTrouble(draft(Severity.WARNING, 610), at(32), UPDATE, COOLDOWN, 2);
    assertThat(relapse.emits()).isEmpty();
    assertThat(relapse.next().current().state()).isEqualTo(IncidentState.OPEN);
    // Mitigating again: already announced once this episode, so throttled too.
    tracker = relapse.next();
    Transition<IncidentTracker, Incident> again = tracker.onHealthy(at(40), 3, UPDATE);
    assertThat(again.emits()).isEmpty();
    tracker = again.next().onUnsettled();
    // Once the interval has passed, the newest state goes out.
    Transition<IncidentTracker, Incident> due = tracker.onHealthy(at(75), 3, UPDATE);
    assertThat(due.emits())
        .singleElement()
        .extracting(Incident::state)
        .isEqualTo(IncidentState.MITIGATING);
    tracker = due.next().onHealthy(at(80), 3, UPDATE).next();
    Transition<IncidentTracker, Incident> resolved = tracker.onHealthy(at(90), 3, UPDATE);

    Incident done = resolved.emits().get(0);
    assertThat(done.state()).isEqualTo(IncidentState.RESOLVED);
    assertThat(done.resolvedAt()).isEqualTo(at(90));
    assertThat(done.timeToRecoverMillis()).isEqualTo(90_000L);
    assertThat(resolved.next().active()).isFalse();
    assertThat(resolved.next().onHealthy(at(100), 3, UPDATE).emits()).isEmpty();
  }

  @Test
  void aRelapseWithinTheCooldownReopensTheSameIncidentAfterItANewOne() {
    IncidentTracker tracker =
        IncidentTracker.empty()
            .onTrouble(draft(Severity.WARNING, 500), at(0), UPDATE, COOLDOWN, 2)
            .next();
    tracker = tracker.onHealthy(at(10), 1, UPDATE).next();
    String firstId = tracker.current().incidentId();

    Incident reopened =
        tracker
            .onTrouble(draft(Severity.WARNING, 500), at(300), UPDATE, COOLDOWN, 2)
            .emits()
            .get(0);
    assertThat(reopened.incidentId()).isEqualTo(firstId);
    assertThat(reopened.state()).isEqualTo(IncidentState.OPEN);
    assertThat(reopened.resolvedAt()).isNull();
    assertThat(tracker.current().episode()).isEqualTo(1);
    assertThat(reopened.episode()).isEqualTo(2);
    assertThat(reopened.reopenedAt()).isEqualTo(at(300));

    Incident fresh =
        tracker
            .onTrouble(draft(Severity.WARNING, 500), at(10 + 600), UPDATE, COOLDOWN, 2)
            .emits()
            .get(0);
    assertThat(fresh.incidentId())
        .isEqualTo(IncidentIds.of(IncidentClass.QUEUE_BACKLOG, "c1", "ml/chat/v1", 2));
    assertThat(fresh.revision()).isEqualTo(1);
    assertThat(fresh.openedAt()).isEqualTo(at(610));
    assertThat(fresh.episode()).isEqualTo(1);
    assertThat(fresh.reopenedAt()).isNull();
  }

  @Test
  void everyRevisionWithinAnEpisodeKeepsItAndOnlyAReopenAfterResolutionStartsTheNext() {
    IncidentTracker tracker =
        IncidentTracker.empty()
            .onTrouble(draft(Severity.WARNING, 500), at(0), UPDATE, COOLDOWN, 2)
            .next();
    tracker = tracker.onHealthy(at(10), 1, UPDATE).next();
    tracker = tracker.onTrouble(draft(Severity.WARNING, 500), at(300), UPDATE, COOLDOWN, 2).next();

    // Within episode 2: trouble, evidence, mitigation, a relapse to OPEN, escalation, resolution.
    tracker = tracker.onTrouble(draft(Severity.WARNING, 520), at(310), UPDATE, COOLDOWN, 2).next();
    tracker = tracker.withEvidence(tracker.current().evidence(), at(320), UPDATE).next();
    tracker = tracker.mitigate(at(330), UPDATE, "node cordoned").next();
    tracker = tracker.onTrouble(draft(Severity.WARNING, 530), at(340), UPDATE, COOLDOWN, 2).next();
    tracker = tracker.onTrouble(draft(Severity.CRITICAL, 900), at(350), UPDATE, COOLDOWN, 2).next();
    assertThat(tracker.current().state()).isEqualTo(IncidentState.OPEN);
    assertThat(tracker.current().episode()).isEqualTo(2);
    assertThat(tracker.current().reopenedAt()).isEqualTo(at(300));
    Incident resolved = tracker.resolve(at(360), Duration.ofSeconds(60), null).emits().get(0);
    assertThat(resolved.episode()).isEqualTo(2);
    assertThat(resolved.reopenedAt()).isEqualTo(at(300));

    // A third opening within the cooldown of the second resolution.
    IncidentTracker third =
        tracker
            .resolve(at(360), Duration.ofSeconds(60), null)
            .next()
            .onTrouble(draft(Severity.WARNING, 500), at(400), UPDATE, COOLDOWN, 2)
            .next();
    assertThat(third.current().episode()).isEqualTo(3);
    assertThat(third.current().reopenedAt()).isEqualTo(at(400));
    assertThat(third.current().openedAt()).isEqualTo(at(0));
  }

  @Test
  void timeToRecoverCountsFromTheLatestReopenAndRevisionTimesNeverGoBack() {
    IncidentTracker tracker =
        IncidentTracker.empty()
            .onTrouble(draft(Severity.WARNING, 500), at(0), UPDATE, COOLDOWN, 2)
            .next();
    tracker = tracker.onHealthy(at(10), 1, UPDATE).next();
    // Reopened within the cooldown at 300 s: same id, but recovery is measured from 300 s.
    tracker = tracker.onTrouble(draft(Severity.WARNING, 500), at(300), UPDATE, COOLDOWN, 2).next();
    assertThat(tracker.current().openedAt()).isEqualTo(at(0));
    Incident resolved = tracker.onHealthy(at(330), 1, UPDATE).emits().get(0);
    assertThat(resolved.timeToRecoverMillis()).isEqualTo(30_000L);

    // A decision about an earlier window is stamped no earlier than the revision before it.
    IncidentTracker open =
        IncidentTracker.empty()
            .onTrouble(draft(Severity.WARNING, 500), at(100), UPDATE, COOLDOWN, 2)
            .next();
    Incident mitigating = open.onHealthy(at(90), 3, UPDATE).emits().get(0);
    assertThat(mitigating.state()).isEqualTo(IncidentState.MITIGATING);
    assertThat(mitigating.updatedAt()).isEqualTo(at(100));
  }

  @Test
  void aResolvingObservationOlderThanTheReopenNeverMakesTheRecoveryNegative() {
    IncidentTracker tracker =
        IncidentTracker.empty()
            .onTrouble(draft(Severity.WARNING, 500), at(0), UPDATE, COOLDOWN, 2)
            .next();
    tracker = tracker.onHealthy(at(10), 1, UPDATE).next();
    tracker = tracker.onTrouble(draft(Severity.WARNING, 500), at(300), UPDATE, COOLDOWN, 2).next();

    // A device sample stamped before the reopen was decided resolves it: zero, not -10 s.
    assertThat(tracker.recoveredBy(at(290))).isEqualTo(Duration.ZERO);
    assertThat(tracker.recoveredBy(at(330))).isEqualTo(Duration.ofSeconds(30));
    Incident resolved = tracker.resolve(at(290), tracker.recoveredBy(at(290)), null).emits().get(0);
    assertThat(resolved.timeToRecoverMillis()).isZero();
    assertThat(resolved.resolvedAt()).isEqualTo(at(300));
  }

  @Test
  void idsAreDeterministicPerClassClusterAndScope() {
    assertThat(IncidentIds.of(IncidentClass.DEVICE_FAULT, "c1", "n1/GPU-1", 1))
        .isEqualTo(IncidentIds.of(IncidentClass.DEVICE_FAULT, "c1", "n1/GPU-1", 1))
        .isNotEqualTo(IncidentIds.of(IncidentClass.DEVICE_FAULT, "c2", "n1/GPU-1", 1))
        .isNotEqualTo(IncidentIds.of(IncidentClass.APP_ERROR, "c1", "n1/GPU-1", 1))
        .matches("inc-[0-9a-f]{20}-1");
  }
}
