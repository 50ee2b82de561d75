package io.strata.events.incident;

import io.strata.events.Correlation;
import io.strata.events.remediation.ActionType;
import io.strata.events.trace.Stage;
import java.time.Instant;
import java.util.List;

/**
 * One incident per (scope, class) at a time; updates reuse the id. Key: incident_id; the topic is
 * compacted.
 *
 * @param revision increases with every update, so consumers can drop stale copies
 * @param correlation the primary workload (or node) the incident is about
 * @param longestStage the stage that dominates the regression, for request-level incidents
 * @param suggestedActions the first reversible actions, in order
 * @param timeToRecoverMillis set when RESOLVED: from opened_at to the first healthy window
 * @param episode which opening of this incident id the record belongs to: 1 for the first, one more
 *     on every reopen after a resolution (a relapse within the correlator's reopen cooldown keeps
 *     the id). Absent in JSON written before it existed, read as 1. Consumers that act per opening
 *     (the remediator's action ids, the review record) key on (incident_id, episode).
 * @param reopenedAt when the current episode began, for episode 2 and later; null in episode 1
 *     (then opened_at is the start)
 */
public record Incident(
    String incidentId,
    long revision,
    IncidentClass incidentClass,
    Severity severity,
    IncidentState state,
    String summary,
    Correlation correlation,
    Scope scope,
    Trigger trigger,
    Stage longestStage,
    Evidence evidence,
    List<ActionType> suggestedActions,
    Instant openedAt,
    Instant updatedAt,
    Instant resolvedAt,
    Long timeToRecoverMillis,
    int episode,
    Instant reopenedAt) {

  /** The first episode: what every record before episodes existed describes. */
  public static final int FIRST_EPISODE = 1;

  public Incident {
    incidentClass = incidentClass == null ? IncidentClass.UNSPECIFIED : incidentClass;
    severity = severity == null ? Severity.UNSPECIFIED : severity;
    state = state == null ? IncidentState.UNSPECIFIED : state;
    correlation = correlation == null ? Correlation.empty() : correlation;
    longestStage = longestStage == null ? Stage.UNSPECIFIED : longestStage;
    evidence = evidence == null ? Evidence.none() : evidence;
    suggestedActions = suggestedActions == null ? List.of() : List.copyOf(suggestedActions);
    // 0 is what an absent JSON field reads as: old records describe the first opening.
    episode = Math.max(episode, FIRST_EPISODE);
  }

  /** This revision as episode {@code episode}, begun at {@code reopenedAt} (null for episode 1). */
  public Incident withEpisode(int episode, Instant reopenedAt) {
    return new Incident(
        incidentId,
        revision,
        incidentClass,
        severity,
        state,
        summary,
        correlation,
        scope,
        trigger,
        longestStage,
        evidence,
        suggestedActions,
        openedAt,
        updatedAt,
        resolvedAt,
        timeToRecoverMillis,
        episode,
        reopenedAt);
  }

  /** When the current episode began: {@code reopenedAt} after a reopen, else {@code openedAt}. */
  public Instant episodeStartedAt() {
    return reopenedAt != null ? reopenedAt : openedAt;
  }
}
