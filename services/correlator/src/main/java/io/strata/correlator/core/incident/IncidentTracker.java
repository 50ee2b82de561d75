package io.strata.correlator.core.incident;

import io.strata.correlator.core.request.Transition;
import io.strata.events.incident.Evidence;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import java.time.Duration;
import java.time.Instant;

/**
 * The lifecycle of the incidents of one (scope, class): OPEN → MITIGATING → RESOLVED, with
 * hysteresis. Immutable: every step is a {@link Transition} to the next tracker that emits, when
 * subscribers must hear about it, the incident to publish.
 *
 * <p>What is published at once: opening (or reopening), resolution, a severity escalation, and the
 * first move to MITIGATING of an episode (the mitigation works). Everything else (a relapse to
 * OPEN, further MITIGATING moves, new evidence, severity) is published at most once per update
 * interval, so a flapping signal yields a bounded number of records; the newest state always goes
 * out with the next publication.
 *
 * <p>States change with hysteresis in both directions: a MITIGATING incident relapses to OPEN only
 * after {@code relapseAfter} observations of trouble in a row (a single noisy window or sample is
 * new evidence, not a new state). Every revision's time is when it was decided and never earlier
 * than the revision before it, so an incident's records are ordered in time as they are in
 * revisions.
 *
 * @param current the latest version (published or not); null before the first incident
 * @param published the revision last published
 * @param healthyStreak in-band observations in a row while open
 * @param occurrence how many distinct incidents this (scope, class) has had
 * @param mitigationAnnounced whether this episode's first MITIGATING was published
 * @param troubleStreak observations of trouble in a row while MITIGATING
 * @param episodeStart when the current episode opened or last reopened: time to recover is measured
 *     from here, not from the first opening
 * @param candidateClass another class the latest regressions point to, not yet confirmed (null when
 *     none); see {@link ClassRefinement}
 * @param candidateStreak regressions in a row that pointed to {@code candidateClass}
 */
public record IncidentTracker(
    Incident current,
    long published,
    int healthyStreak,
    int occurrence,
    Instant publishedAt,
    boolean mitigationAnnounced,
    int troubleStreak,
    Instant episodeStart,
    IncidentClass candidateClass,
    int candidateStreak) {

  public static IncidentTracker empty() {
    return new IncidentTracker(null, 0, 0, 0, null, false, 0, null, null, 0);
  }

  /**
   * Time to recover if the incident resolves on an observation at {@code at}: from the episode's
   * start to the time the resolution is decided, which is never before the latest revision. An
   * observation's own time can be earlier than a reopen decided later (a late sample), and measured
   * from it the recovery would come out negative.
   */
  public Duration recoveredBy(Instant at) {
    return Duration.between(episodeStart, decided(at));
  }

  /** {@code at}, or the latest revision's time when {@code at} is earlier: times never go back. */
  private Instant decided(Instant at) {
    Instant last = current == null ? null : current.updatedAt();
    return last != null && at.isBefore(last) ? last : at;
  }

  public boolean active() {
    return current != null && current.state() != IncidentState.RESOLVED;
  }

  /**
   * The trouble is (still) there. Opens a new incident, reopens one resolved less than {@code
   * reopenCooldown} ago, or refreshes the open one. A MITIGATING incident stays MITIGATING until
   * this is the {@code relapseAfter}-th observation of trouble in a row.
   */
  public Transition<IncidentTracker, Incident> onTrouble(
      IncidentDraft draft,
      Instant at,
      Duration updateInterval,
      Duration reopenCooldown,
      int relapseAfter) {
    if (current == null
        || (current.state() == IncidentState.RESOLVED && cooledDown(at, reopenCooldown))) {
      int next = occurrence + 1;
      String id =
          IncidentIds.of(draft.incidentClass(), draft.scope().cluster(), draft.scopeKey(), next);
      Incident opened =
          IncidentRevisions.fromDraft(
              id, 1, draft, IncidentState.OPEN, at, at, Incident.FIRST_EPISODE, null);
      return publishNow(
          new IncidentTracker(opened, published, 0, next, publishedAt, false, 0, at, null, 0), at);
    }
    Instant when = decided(at);
    if (draft.evidence().alerts().isEmpty() && !current.evidence().alerts().isEmpty()) {
      // The alerts joined to the incident stay with it when fresh trouble redraws its evidence.
      draft = draft.withEvidence(draft.evidence().withAlerts(current.evidence().alerts()));
    }
    if (current.state() == IncidentState.RESOLVED) {
      // Same id, next episode: consumers that act per opening (the remediator's action ids, the
      // review) tell this relapse from a replay of the episode that resolved.
      Incident reopened =
          IncidentRevisions.fromDraft(
              current.incidentId(),
              current.revision() + 1,
              draft,
              IncidentState.OPEN,
              current.openedAt(),
              when,
              current.episode() + 1,
              when);
      return publishNow(
          new IncidentTracker(
              reopened, published, 0, occurrence, publishedAt, false, 0, when, null, 0),
          when);
    }
    int streak = current.state() == IncidentState.MITIGATING ? troubleStreak + 1 : 0;
    boolean holds = current.state() == IncidentState.MITIGATING && streak < relapseAfter;
    Incident updated =
        IncidentRevisions.fromDraft(
            current.incidentId(),
            current.revision() + 1,
            draft,
            holds ? IncidentState.MITIGATING : IncidentState.OPEN,
            current.openedAt(),
            when,
            current.episode(),
            current.reopenedAt());
    IncidentTracker next =
        new IncidentTracker(
            updated,
            published,
            0,
            occurrence,
            publishedAt,
            mitigationAnnounced,
            holds ? streak : 0,
            episodeStart,
            candidateClass,
            candidateStreak);
    if (draft.severity().compareTo(current.severity()) > 0
        || draft.incidentClass() != current.incidentClass()) {
      // An escalation pages people, and a refined class changes what to do: neither waits.
      return publishNow(next, when);
    }
    return publishWhenDue(next, when, updateInterval);
  }

  /**
   * New evidence for the open incident that does not change its state (for example a request
   * regression of the workload a device fault affects): a new revision, published when due.
   */
  public Transition<IncidentTracker, Incident> withEvidence(
      Evidence evidence, Instant at, Duration updateInterval) {
    if (!active()) {
      return Transition.of(this);
    }
    Instant when = decided(at);
    Incident updated = IncidentRevisions.next(current, current.state(), evidence, when, null, null);
    return publishWhenDue(with(updated, healthyStreak, troubleStreak), when, updateInterval);
  }

  /**
   * One observation back in band. The first moves OPEN to MITIGATING; {@code toResolve} in a row
   * resolve the incident, recording the time to recover from when it opened.
   */
  public Transition<IncidentTracker, Incident> onHealthy(
      Instant at, int toResolve, Duration updateInterval) {
    if (!active()) {
      return Transition.of(this);
    }
    int streak = healthyStreak + 1;
    if (streak >= toResolve) {
      Instant when = decided(at);
      return resolve(when, recoveredBy(when), null);
    }
    return withStreak(streak).mitigate(at, updateInterval, null);
  }

  /**
   * The trouble is contained (back in band once, a clean device sample, the node cordoned): OPEN
   * moves to MITIGATING, announced at once the first time in an episode. {@code note}, when not
   * null, is added to the evidence notes.
   */
  public Transition<IncidentTracker, Incident> mitigate(
      Instant at, Duration updateInterval, String note) {
    if (!active()) {
      return Transition.of(this);
    }
    Instant when = decided(at);
    if (current.state() == IncidentState.OPEN || note != null) {
      IncidentState state =
          current.state() == IncidentState.OPEN ? IncidentState.MITIGATING : current.state();
      IncidentTracker next =
          new IncidentTracker(
              IncidentRevisions.withState(current, state, when, null, null, note),
              published,
              healthyStreak,
              occurrence,
              publishedAt,
              true,
              0,
              episodeStart,
              candidateClass,
              candidateStreak);
      return mitigationAnnounced || state != IncidentState.MITIGATING
          ? publishWhenDue(next, when, updateInterval)
          : publishNow(next, when);
    }
    return publishWhenDue(with(current, healthyStreak, 0), when, updateInterval);
  }

  /**
   * Resolves the incident now. {@code timeToRecover} is null when recovery was not measured (the
   * traffic went away); {@code note}, when not null, says why it resolved.
   */
  public Transition<IncidentTracker, Incident> resolve(
      Instant at, Duration timeToRecover, String note) {
    return active() ? resolve(at, timeToRecover, note, current.evidence()) : Transition.of(this);
  }

  /** Resolves the incident now with {@code evidence} (what resolved it shown in it). */
  public Transition<IncidentTracker, Incident> resolve(
      Instant at, Duration timeToRecover, String note, Evidence evidence) {
    if (!active()) {
      return Transition.of(this);
    }
    Instant when = decided(at);
    Incident resolved =
        IncidentRevisions.withState(
            current, evidence, IncidentState.RESOLVED, when, when, timeToRecover, note);
    return publishNow(with(resolved, 0, 0), when);
  }

  /**
   * The same tracker counting {@code count} incidents so far: the next one it opens is {@code count
   * + 1}, so ids of one scope never repeat when a tracker takes over another's incident.
   */
  public IncidentTracker withOccurrence(int count) {
    return new IncidentTracker(
        current,
        published,
        healthyStreak,
        count,
        publishedAt,
        mitigationAnnounced,
        troubleStreak,
        episodeStart,
        candidateClass,
        candidateStreak);
  }

  /** The count of in-band observations in a row while open. */
  public IncidentTracker withStreak(int streak) {
    return with(current, streak, 0);
  }

  /** An observation neither in band nor regressed: recovery has to start over. */
  public IncidentTracker onUnsettled() {
    return with(current, 0, troubleStreak);
  }

  private IncidentTracker with(Incident incident, int healthy, int trouble) {
    return new IncidentTracker(
        incident,
        published,
        healthy,
        occurrence,
        publishedAt,
        mitigationAnnounced,
        trouble,
        episodeStart,
        candidateClass,
        candidateStreak);
  }

  /** The same tracker with a pending reclassification (or none). */
  public IncidentTracker withCandidate(IncidentClass candidate, int streak) {
    return new IncidentTracker(
        current,
        published,
        healthyStreak,
        occurrence,
        publishedAt,
        mitigationAnnounced,
        troubleStreak,
        episodeStart,
        candidate,
        streak);
  }

  private boolean cooledDown(Instant at, Duration reopenCooldown) {
    return current.resolvedAt() == null || !at.isBefore(current.resolvedAt().plus(reopenCooldown));
  }

  private static Transition<IncidentTracker, Incident> publishNow(
      IncidentTracker next, Instant at) {
    Incident incident = next.current;
    return Transition.of(
        new IncidentTracker(
            incident,
            incident.revision(),
            next.healthyStreak,
            next.occurrence,
            at,
            next.mitigationAnnounced,
            next.troubleStreak,
            next.episodeStart,
            next.candidateClass,
            next.candidateStreak),
        incident);
  }

  /** Publishes the newest unpublished version once the update interval has passed. */
  private static Transition<IncidentTracker, Incident> publishWhenDue(
      IncidentTracker next, Instant at, Duration updateInterval) {
    boolean pending = next.current.revision() > next.published;
    boolean due = next.publishedAt == null || !at.isBefore(next.publishedAt.plus(updateInterval));
    return pending && due ? publishNow(next, at) : Transition.of(next);
  }
}
