package io.strata.correlator.core.incident;

import io.strata.correlator.core.request.Transition;
import io.strata.events.incident.Evidence;
import io.strata.events.incident.Incident;
import java.util.ArrayList;
import java.util.List;

/**
 * One workload × model_version has at most one open request-level incident. When later windows
 * point to another class, the incident is reclassified only once {@code windowsToConfirm}
 * regressions in a row point to that same class (the reason is recorded in the notes); a single
 * window that points elsewhere is more trouble of the incident as classified, not a new incident.
 */
public final class ClassRefinement {

  static final String NOTE_PREFIX = "class refined from ";

  private ClassRefinement() {}

  /** The tracker with its pending reclassification updated, emitting the draft to apply. */
  public static Transition<IncidentTracker, IncidentDraft> decide(
      IncidentTracker tracker, IncidentDraft draft, int windowsToConfirm) {
    if (!tracker.active() || draft.incidentClass() == tracker.current().incidentClass()) {
      return Transition.of(tracker.withCandidate(null, 0), draft);
    }
    Incident current = tracker.current();
    int streak =
        draft.incidentClass() == tracker.candidateClass() ? tracker.candidateStreak() + 1 : 1;
    if (streak >= windowsToConfirm) {
      String note =
          NOTE_PREFIX
              + current.incidentClass()
              + " to "
              + draft.incidentClass()
              + " after "
              + streak
              + " regressed windows in a row pointed to it: "
              + draft.summary();
      return Transition.of(
          tracker.withCandidate(null, 0),
          withNotes(draft, refinementNotes(current.evidence(), note)));
    }
    IncidentDraft kept =
        new IncidentDraft(
            current.incidentClass(),
            draft.severity().compareTo(current.severity()) > 0
                ? draft.severity()
                : current.severity(),
            current.summary(),
            current.correlation(),
            current.scope(),
            draft.scopeKey(),
            draft.trigger(),
            current.longestStage(),
            current.evidence(),
            current.suggestedActions());
    return Transition.of(tracker.withCandidate(draft.incidentClass(), streak), kept);
  }

  /** Earlier refinements stay on record, then this one. */
  private static List<String> refinementNotes(Evidence before, String note) {
    List<String> notes = new ArrayList<>();
    before.notes().stream().filter(n -> n.startsWith(NOTE_PREFIX)).forEach(notes::add);
    notes.add(note);
    return notes;
  }

  private static IncidentDraft withNotes(IncidentDraft draft, List<String> extra) {
    Evidence e = draft.evidence();
    List<String> notes = new ArrayList<>(e.notes());
    notes.addAll(extra);
    return new IncidentDraft(
        draft.incidentClass(),
        draft.severity(),
        draft.summary(),
        draft.correlation(),
        draft.scope(),
        draft.scopeKey(),
        draft.trigger(),
        draft.longestStage(),
        new Evidence(
            e.exemplarTraces(), e.devices(), e.k8sEvents(), e.findings(), notes, e.alerts()),
        draft.suggestedActions());
  }
}
