package io.strata.remediator.core.journal;

import io.strata.events.incident.Incident;
import io.strata.events.remediation.RemediationAction;
import java.util.List;

/**
 * An incident's actions grouped by the episode they were planned for (ADR 023). A reopened incident
 * keeps its id but is mitigated, resolved and reviewed per episode: one episode's resolution never
 * supersedes another's proposals, and its recovery deadline and review count only its own actions.
 */
public final class Episodes {

  private Episodes() {}

  /**
   * The key of one episode of an incident for per-episode bookkeeping (reviews written, deadlines
   * missed, plans announced): the bare incident id for episode 1, so keys kept before episodes
   * existed (for example the incident ids of the reviews on strata.reviews.v1) still match.
   */
  public static String key(String incidentId, int episode) {
    return episode <= Incident.FIRST_EPISODE ? incidentId : incidentId + "#" + episode;
  }

  public static String key(Incident incident) {
    return key(incident.incidentId(), incident.episode());
  }

  /** The actions (forward and undo) of the incident's current episode, in journal order. */
  public static List<RemediationAction> current(ActionStore store, Incident incident) {
    return store.forIncident(incident.incidentId()).stream()
        .filter(a -> a.episode() == incident.episode())
        .toList();
  }
}
