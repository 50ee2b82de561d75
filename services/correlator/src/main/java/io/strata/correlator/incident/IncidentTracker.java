package io.strata.correlator.incident;

import io.strata.events.incident.Evidence;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The lifecycle of the incidents of one (scope, class): OPEN → MITIGATING → RESOLVED, with
 * hysteresis. Immutable: every step returns the next tracker and, when subscribers must hear about
 * it, the incident to publish.
 *
 * <p>What is published at once: opening (or reopening), resolution, a severity escalation, and the
 * first move to MITIGATING of an episode (the mitigation works). Everything else (a relapse to
 * OPEN, further MITIGATING moves, new evidence, severity) is published at most once per update
 * interval, so a flapping signal yields a bounded number of records; the newest state always goes
 * out with the next publication.
 *
 * @param current the latest version (published or not); null before the first incident
 * @param published the revision last published
 * @param healthyStreak in-band observations in a row while open
 * @param occurrence how many distinct incidents this (scope, class) has had
 * @param mitigationAnnounced whether this episode's first MITIGATING was published
 */
public record IncidentTracker(
    Incident current,
    long published,
    int healthyStreak,
    int occurrence,
    Instant publishedAt,
    boolean mitigationAnnounced) {

  /** The next tracker, and the incident to publish when something changed that matters. */
  public record Step(IncidentTracker tracker, Optional<Incident> publish) {}

  public static IncidentTracker empty() {
    return new IncidentTracker(null, 0, 0, 0, null, false);
  }

  public boolean active() {
    return current != null && current.state() != IncidentState.RESOLVED;
  }

  /**
   * The trouble is (still) there. Opens a new incident, reopens one resolved less than {@code
   * reopenCooldown} ago, or refreshes the open one.
   */
  public Step onTrouble(
      IncidentDraft draft, Instant at, Duration updateInterval, Duration reopenCooldown) {
    if (current == null
        || (current.state() == IncidentState.RESOLVED && cooledDown(at, reopenCooldown))) {
      int next = occurrence + 1;
      String id =
          IncidentIds.of(draft.incidentClass(), draft.scope().cluster(), draft.scopeKey(), next);
      Incident opened = build(id, 1, draft, at, at);
      return publishNow(new IncidentTracker(opened, published, 0, next, publishedAt, false), at);
    }
    if (current.state() == IncidentState.RESOLVED) {
      Incident reopened =
          build(current.incidentId(), current.revision() + 1, draft, current.openedAt(), at);
      return publishNow(
          new IncidentTracker(reopened, published, 0, occurrence, publishedAt, false), at);
    }
    Incident updated =
        build(current.incidentId(), current.revision() + 1, draft, current.openedAt(), at);
    if (draft.severity().compareTo(current.severity()) > 0) {
      // An escalation pages people: it never waits for the update interval.
      return publishNow(
          new IncidentTracker(updated, published, 0, occurrence, publishedAt, mitigationAnnounced),
          at);
    }
    return publishWhenDue(
        new IncidentTracker(updated, published, 0, occurrence, publishedAt, mitigationAnnounced),
        at,
        updateInterval);
  }

  /**
   * One observation back in band. The first moves OPEN to MITIGATING; {@code toResolve} in a row
   * resolve the incident, recording the time to recover from when it opened.
   */
  public Step onHealthy(Instant at, int toResolve, Duration updateInterval) {
    if (!active()) {
      return new Step(this, Optional.empty());
    }
    int streak = healthyStreak + 1;
    if (streak >= toResolve) {
      return resolve(at, Duration.between(current.openedAt(), at), null);
    }
    return withStreak(streak).mitigate(at, updateInterval, null);
  }

  /**
   * The trouble is contained (back in band once, a clean device sample, the node cordoned): OPEN
   * moves to MITIGATING, announced at once the first time in an episode. {@code note}, when not
   * null, is added to the evidence notes.
   */
  public Step mitigate(Instant at, Duration updateInterval, String note) {
    if (!active()) {
      return new Step(this, Optional.empty());
    }
    if (current.state() == IncidentState.OPEN || note != null) {
      IncidentState state =
          current.state() == IncidentState.OPEN ? IncidentState.MITIGATING : current.state();
      IncidentTracker next =
          new IncidentTracker(
              withState(state, at, null, null, note),
              published,
              healthyStreak,
              occurrence,
              publishedAt,
              true);
      return mitigationAnnounced || state != IncidentState.MITIGATING
          ? publishWhenDue(next, at, updateInterval)
          : publishNow(next, at);
    }
    return publishWhenDue(this, at, updateInterval);
  }

  /**
   * Resolves the incident now. {@code timeToRecover} is null when recovery was not measured (the
   * traffic went away); {@code note}, when not null, says why it resolved.
   */
  public Step resolve(Instant at, Duration timeToRecover, String note) {
    if (!active()) {
      return new Step(this, Optional.empty());
    }
    Incident resolved = withState(IncidentState.RESOLVED, at, at, timeToRecover, note);
    return publishNow(
        new IncidentTracker(resolved, published, 0, occurrence, publishedAt, mitigationAnnounced),
        at);
  }

  /** The count of in-band observations in a row while open. */
  public IncidentTracker withStreak(int streak) {
    return new IncidentTracker(
        current, published, streak, occurrence, publishedAt, mitigationAnnounced);
  }

  /** An observation neither in band nor regressed: recovery has to start over. */
  public IncidentTracker onUnsettled() {
    return new IncidentTracker(current, published, 0, occurrence, publishedAt, mitigationAnnounced);
  }

  private boolean cooledDown(Instant at, Duration reopenCooldown) {
    return current.resolvedAt() == null || !at.isBefore(current.resolvedAt().plus(reopenCooldown));
  }

  private static Step publishNow(IncidentTracker next, Instant at) {
    Incident incident = next.current;
    return new Step(
        new IncidentTracker(
            incident,
            incident.revision(),
            next.healthyStreak,
            next.occurrence,
            at,
            next.mitigationAnnounced),
        Optional.of(incident));
  }

  /** Publishes the newest unpublished version once the update interval has passed. */
  private static Step publishWhenDue(IncidentTracker next, Instant at, Duration updateInterval) {
    boolean pending = next.current.revision() > next.published;
    boolean due = next.publishedAt == null || !at.isBefore(next.publishedAt.plus(updateInterval));
    return pending && due ? publishNow(next, at) : new Step(next, Optional.empty());
  }

  private Incident withState(
      IncidentState state, Instant at, Instant resolvedAt, Duration ttr, String note) {
    Evidence evidence = current.evidence();
    if (note != null && !evidence.notes().contains(note)) {
      List<String> notes = new ArrayList<>(evidence.notes());
      notes.add(note);
      evidence =
          new Evidence(
              evidence.exemplarTraces(),
              evidence.devices(),
              evidence.k8sEvents(),
              evidence.findings(),
              notes);
    }
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
        evidence,
        current.suggestedActions(),
        current.openedAt(),
        at,
        resolvedAt,
        ttr == null ? null : ttr.toMillis());
  }

  private static Incident build(
      String id, long revision, IncidentDraft draft, Instant openedAt, Instant at) {
    return new Incident(
        id,
        revision,
        draft.incidentClass(),
        draft.severity(),
        IncidentState.OPEN,
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
