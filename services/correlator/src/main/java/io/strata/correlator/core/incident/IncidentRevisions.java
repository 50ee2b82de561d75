package io.strata.correlator.core.incident;

import io.strata.events.incident.Evidence;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * How an incident's revisions are built from the one before or from a draft: which fields a
 * revision carries over and which it sets. Apart from {@link IncidentTracker}, which decides when a
 * revision is due, so the lifecycle reads without the 18-field constructor calls.
 */
final class IncidentRevisions {

  private IncidentRevisions() {}

  /** The next revision in {@code state}, with {@code note} added to the evidence once. */
  static Incident withState(
      Incident current,
      IncidentState state,
      Instant at,
      Instant resolvedAt,
      Duration ttr,
      String note) {
    return withState(current, current.evidence(), state, at, resolvedAt, ttr, note);
  }

  /** The next revision in {@code state} with {@code evidence}, {@code note} added to it once. */
  static Incident withState(
      Incident current,
      Evidence evidence,
      IncidentState state,
      Instant at,
      Instant resolvedAt,
      Duration ttr,
      String note) {
    if (note != null && !evidence.notes().contains(note)) {
      List<String> notes = new ArrayList<>(evidence.notes());
      notes.add(note);
      evidence =
          new Evidence(
              evidence.exemplarTraces(),
              evidence.devices(),
              evidence.k8sEvents(),
              evidence.findings(),
              notes,
              evidence.alerts());
    }
    return next(current, state, evidence, at, resolvedAt, ttr);
  }

  /** The next revision of {@code current} with another state and evidence. */
  static Incident next(
      Incident current,
      IncidentState state,
      Evidence evidence,
      Instant at,
      Instant resolvedAt,
      Duration ttr) {
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
        ttr == null ? null : ttr.toMillis(),
        current.episode(),
        current.reopenedAt());
  }

  /**
   * A revision as the draft describes it (class, severity, summary, evidence, suggested actions)
   * with the identity, state and times given: an opening, a reopening or an update of what is seen.
   */
  static Incident fromDraft(
      String id,
      long revision,
      IncidentDraft draft,
      IncidentState state,
      Instant openedAt,
      Instant at,
      int episode,
      Instant reopenedAt) {
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
        null,
        episode,
        reopenedAt);
  }
}
