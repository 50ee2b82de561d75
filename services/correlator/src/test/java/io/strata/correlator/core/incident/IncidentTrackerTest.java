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
    IncidentTracker.Step opened =
        IncidentTracker.empty().onTrouble(draft(Severity.WARNING, 500), at(0), UPDATE, COOLDOWN, 2);
    Incident first = opened.publish().orElseThrow();
    assertThat(first.incidentId())
        .isEqualTo(IncidentIds.of(IncidentClass.QUEUE_BACKLOG, "c1", "ml/chat/v1", 1));
    assertThat(first.state()).isEqualTo(IncidentState.OPEN);
    assertThat(first.revision()).isEqualTo(1);

    IncidentTracker.Step quiet =
        opened.tracker().onTrouble(draft(Severity.WARNING, 520), at(10), UPDATE, COOLDOWN, 2);
    assertThat(quiet.publish()).isEmpty();
    assertThat(quiet.tracker().current().trigger().value()).isEqualTo(520.0);

    IncidentTracker.Step worse =
        quiet.tracker().onTrouble(draft(Severity.CRITICAL, 900), at(20), UPDATE, COOLDOWN, 2);
    assertThat(worse.publish()).get().extracting(Incident::severity).isEqualTo(Severity.CRITICAL);
    assertThat(worse.publish().get().incidentId()).isEqualTo(first.incidentId());
    assertThat(worse.publish().get().revision()).isEqualTo(3);

    IncidentTracker.Step due =
        worse.tracker().onTrouble(draft(Severity.CRITICAL, 950), at(80), UPDATE, COOLDOWN, 2);
    assertThat(due.publish()).isPresent();
    assertThat(due.publish().get().openedAt()).isEqualTo(at(0));
  }

  @Test
  void resolvesAfterTheConfiguredHealthyStreakAndAFlapIsThrottled() {
    IncidentTracker tracker =
        IncidentTracker.empty()
            .onTrouble(draft(Severity.WARNING, 500), at(0), UPDATE, COOLDOWN, 2)
            .tracker();

    IncidentTracker.Step mitigating = tracker.onHealthy(at(10), 3, UPDATE);
    assertThat(mitigating.publish())
        .get()
        .extracting(Incident::state)
        .isEqualTo(IncidentState.MITIGATING);
    IncidentTracker.Step second = mitigating.tracker().onHealthy(at(20), 3, UPDATE);
    assertThat(second.publish()).isEmpty();
    // One troubled window while mitigating is evidence, not a relapse (hysteresis: two in a row).
    IncidentTracker.Step blip =
        second.tracker().onTrouble(draft(Severity.WARNING, 600), at(30), UPDATE, COOLDOWN, 2);
    assertThat(blip.publish()).isEmpty();
    assertThat(blip.tracker().current().state()).isEqualTo(IncidentState.MITIGATING);
    // The second in a row is a relapse, kept, not published inside the update interval; the
    // healthy streak starts over.
    IncidentTracker.Step relapse =
        blip.tracker().onTrouble(draft(Severity.WARNING, 610), at(32), UPDATE, COOLDOWN, 2);
    assertThat(relapse.publish()).isEmpty();
    assertThat(relapse.tracker().current().state()).isEqualTo(IncidentState.OPEN);
    // Mitigating again: already announced once this episode, so throttled too.
    tracker = relapse.tracker();
    IncidentTracker.Step again = tracker.onHealthy(at(40), 3, UPDATE);
    assertThat(again.publish()).isEmpty();
    tracker = again.tracker().onUnsettled();
    // Once the interval has passed, the newest state goes out.
    IncidentTracker.Step due = tracker.onHealthy(at(75), 3, UPDATE);
    assertThat(due.publish()).get().extracting(Incident::state).isEqualTo(IncidentState.MITIGATING);
    tracker = due.tracker().onHealthy(at(80), 3, UPDATE).tracker();
    IncidentTracker.Step resolved = tracker.onHealthy(at(90), 3, UPDATE);

    Incident done = resolved.publish().orElseThrow();
    assertThat(done.state()).isEqualTo(IncidentState.RESOLVED);
    assertThat(done.resolvedAt()).isEqualTo(at(90));
    assertThat(done.timeToRecoverMillis()).isEqualTo(90_000L);
    assertThat(resolved.tracker().active()).isFalse();
    assertThat(resolved.tracker().onHealthy(at(100), 3, UPDATE).publish()).isEmpty();
  }

  @Test
  void aRelapseWithinTheCooldownReopensTheSameIncidentAfterItANewOne() {
    IncidentTracker tracker =
        IncidentTracker.empty()
            .onTrouble(draft(Severity.WARNING, 500), at(0), UPDATE, COOLDOWN, 2)
            .tracker();
    tracker = tracker.onHealthy(at(10), 1, UPDATE).tracker();
    String firstId = tracker.current().incidentId();

    Incident reopened =
        tracker
            .onTrouble(draft(Severity.WARNING, 500), at(300), UPDATE, COOLDOWN, 2)
            .publish()
            .orElseThrow();
    assertThat(reopened.incidentId()).isEqualTo(firstId);
    assertThat(reopened.state()).isEqualTo(IncidentState.OPEN);
    assertThat(reopened.resolvedAt()).isNull();
    assertThat(tracker.current().episode()).isEqualTo(1);
    assertThat(reopened.episode()).isEqualTo(2);
    assertThat(reopened.reopenedAt()).isEqualTo(at(300));

    Incident fresh =
        tracker
            .onTrouble(draft(Severity.WARNING, 500), at(10 + 600), UPDATE, COOLDOWN, 2)
            .publish()
            .orElseThrow();
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
            .tracker();
    tracker = tracker.onHealthy(at(10), 1, UPDATE).tracker();
    tracker =
        tracker.onTrouble(draft(Severity.WARNING, 500), at(300), UPDATE, COOLDOWN, 2).tracker();

    // Within episode 2: trouble, evidence, mitigation, a relapse to OPEN, escalation, resolution.
    tracker =
        tracker.onTrouble(draft(Severity.WARNING, 520), at(310), UPDATE, COOLDOWN, 2).tracker();
    tracker = tracker.withEvidence(tracker.current().evidence(), at(320), UPDATE).tracker();
    tracker = tracker.mitigate(at(330), UPDATE, "node cordoned").tracker();
    tracker =
        tracker.onTrouble(draft(Severity.WARNING, 530), at(340), UPDATE, COOLDOWN, 2).tracker();
    tracker =
        tracker.onTrouble(draft(Severity.CRITICAL, 900), at(350), UPDATE, COOLDOWN, 2).tracker();
    assertThat(tracker.current().state()).isEqualTo(IncidentState.OPEN);
    assertThat(tracker.current().episode()).isEqualTo(2);
    assertThat(tracker.current().reopenedAt()).isEqualTo(at(300));
    Incident resolved =
        tracker.resolve(at(360), Duration.ofSeconds(60), null).publish().orElseThrow();
    assertThat(resolved.episode()).isEqualTo(2);
    assertThat(resolved.reopenedAt()).isEqualTo(at(300));

    // A third opening within the cooldown of the second resolution.
    IncidentTracker third =
        tracker
            .resolve(at(360), Duration.ofSeconds(60), null)
            .tracker()
            .onTrouble(draft(Severity.WARNING, 500), at(400), UPDATE, COOLDOWN, 2)
            .tracker();
    assertThat(third.current().episode()).isEqualTo(3);
    assertThat(third.current().reopenedAt()).isEqualTo(at(400));
    assertThat(third.current().openedAt()).isEqualTo(at(0));
  }

  @Test
  void timeToRecoverCountsFromTheLatestReopenAndRevisionTimesNeverGoBack() {
    IncidentTracker tracker =
        IncidentTracker.empty()
            .onTrouble(draft(Severity.WARNING, 500), at(0), UPDATE, COOLDOWN, 2)
            .tracker();
    tracker = tracker.onHealthy(at(10), 1, UPDATE).tracker();
    // Reopened within the cooldown at 300 s: same id, but recovery is measured from 300 s.
    tracker =
        tracker.onTrouble(draft(Severity.WARNING, 500), at(300), UPDATE, COOLDOWN, 2).tracker();
    assertThat(tracker.current().openedAt()).isEqualTo(at(0));
    Incident resolved = tracker.onHealthy(at(330), 1, UPDATE).publish().orElseThrow();
    assertThat(resolved.timeToRecoverMillis()).isEqualTo(30_000L);

    // A decision about an earlier window is stamped no earlier than the revision before it.
    IncidentTracker open =
        IncidentTracker.empty()
            .onTrouble(draft(Severity.WARNING, 500), at(100), UPDATE, COOLDOWN, 2)
            .tracker();
    Incident mitigating = open.onHealthy(at(90), 3, UPDATE).publish().orElseThrow();
    assertThat(mitigating.state()).isEqualTo(IncidentState.MITIGATING);
    assertThat(mitigating.updatedAt()).isEqualTo(at(100));
  }

  @Test
  void aResolvingObservationOlderThanTheReopenNeverMakesTheRecoveryNegative() {
    IncidentTracker tracker =
        IncidentTracker.empty()
            .onTrouble(draft(Severity.WARNING, 500), at(0), UPDATE, COOLDOWN, 2)
            .tracker();
    tracker = tracker.onHealthy(at(10), 1, UPDATE).tracker();
    tracker =
        tracker.onTrouble(draft(Severity.WARNING, 500), at(300), UPDATE, COOLDOWN, 2).tracker();

    // A device sample stamped before the reopen was decided resolves it: zero, not -10 s.
    assertThat(tracker.recoveredBy(at(290))).isEqualTo(Duration.ZERO);
    assertThat(tracker.recoveredBy(at(330))).isEqualTo(Duration.ofSeconds(30));
    Incident resolved =
        tracker.resolve(at(290), tracker.recoveredBy(at(290)), null).publish().orElseThrow();
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
