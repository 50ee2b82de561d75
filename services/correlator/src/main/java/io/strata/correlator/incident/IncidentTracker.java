package io.strata.correlator.incident;

import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentState;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The lifecycle of the incidents of one (scope, class): OPEN → MITIGATING → RESOLVED, with
 * hysteresis. Immutable: every step returns the next tracker and, when subscribers must hear about
 * it, the incident to publish.
 *
 * @param current the latest version (published or not); null before the first incident
 * @param published the revision last published
 * @param healthyStreak in-band observations in a row while open
 * @param occurrence how many distinct incidents this (scope, class) has had
 */
public record IncidentTracker(
    Incident current, long published, int healthyStreak, int occurrence, Instant publishedAt) {

  /** The next tracker, and the incident to publish when something changed that matters. */
  public record Step(IncidentTracker tracker, Optional<Incident> publish) {}

  public static IncidentTracker empty() {
    return new IncidentTracker(null, 0, 0, 0, null);
  }

  public boolean active() {
    return current != null && current.state() != IncidentState.RESOLVED;
  }

  /**
   * The trouble is (still) there. Opens a new incident, reopens one resolved less than {@code
   * reopenCooldown} ago, or refreshes the open one (published at most every {@code updateInterval},
   * unless its state, class or severity changed).
   */
  public Step onTrouble(
      IncidentDraft draft, Instant at, Duration updateInterval, Duration reopenCooldown) {
    if (current == null
        || (current.state() == IncidentState.RESOLVED
            && (current.resolvedAt() == null
                || !at.isBefore(current.resolvedAt().plus(reopenCooldown))))) {
      int next = occurrence + 1;
      String id =
          IncidentIds.of(draft.incidentClass(), draft.scope().cluster(), draft.scopeKey(), next);
      Incident opened = build(id, 1, draft, IncidentState.OPEN, at, at);
      return publish(new IncidentTracker(opened, 0, 0, next, publishedAt), opened, at);
    }
    boolean stateChanges = current.state() != IncidentState.OPEN;
    boolean severityChanges = current.severity() != draft.severity();
    Incident updated =
        build(
            current.incidentId(),
            current.revision() + 1,
            draft,
            IncidentState.OPEN,
            current.openedAt(),
            at);
    IncidentTracker next = new IncidentTracker(updated, published, 0, occurrence, publishedAt);
    boolean due = publishedAt == null || !at.isBefore(publishedAt.plus(updateInterval));
    if (stateChanges || severityChanges || due) {
      return publish(next, updated, at);
    }
    return new Step(next, Optional.empty());
  }

  /**
   * One observation back in band. The first moves OPEN to MITIGATING; {@code toResolve} in a row
   * resolve the incident, recording the time to recover from when it opened.
   */
  public Step onHealthy(Instant at, int toResolve) {
    if (!active()) {
      return new Step(this, Optional.empty());
    }
    int streak = healthyStreak + 1;
    if (streak >= toResolve) {
      Incident resolved =
          withState(IncidentState.RESOLVED, at, at, Duration.between(current.openedAt(), at));
      return publish(
          new IncidentTracker(resolved, published, 0, occurrence, publishedAt), resolved, at);
    }
    if (current.state() == IncidentState.OPEN) {
      Incident mitigating = withState(IncidentState.MITIGATING, at, null, null);
      return publish(
          new IncidentTracker(mitigating, published, streak, occurrence, publishedAt),
          mitigating,
          at);
    }
    return new Step(
        new IncidentTracker(current, published, streak, occurrence, publishedAt), Optional.empty());
  }

  /** An observation neither in band nor regressed: recovery has to start over. */
  public IncidentTracker onUnsettled() {
    return new IncidentTracker(current, published, 0, occurrence, publishedAt);
  }

  private Step publish(IncidentTracker next, Incident incident, Instant at) {
    return new Step(
        new IncidentTracker(incident, incident.revision(), next.healthyStreak, next.occurrence, at),
        Optional.of(incident));
  }

  private Incident withState(IncidentState state, Instant at, Instant resolvedAt, Duration ttr) {
    return new Incident(
        current.incidentId(),
        current.revision() + 1,
        current.incidentClass(),
        current.severity(),
        state,
        current.summary(),
        current.correlation(),
        current.scope(),
        current.trigger(),
        current.longestStage(),
        current.evidence(),
        current.suggestedActions(),
        current.openedAt(),
        at,
        resolvedAt,
        ttr == null ? null : ttr.toMillis());
  }

  private static Incident build(
      String id,
      long revision,
      IncidentDraft draft,
      IncidentState state,
      Instant openedAt,
      Instant at) {
    return new Incident(
        id,
        revision,
        draft.incidentClass(),
        draft.severity(),
        state,
        draft.summary(),
        draft.correlation(),
        draft.scope(),
        draft.trigger(),
        draft.longestStage(),
        draft.evidence(),
        draft.suggestedActions(),
        openedAt,
        at,
        null,
        null);
  }
}
