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
    Long timeToRecoverMillis) {

  public Incident {
    incidentClass = incidentClass == null ? IncidentClass.UNSPECIFIED : incidentClass;
    severity = severity == null ? Severity.UNSPECIFIED : severity;
    state = state == null ? IncidentState.UNSPECIFIED : state;
    correlation = correlation == null ? Correlation.empty() : correlation;
    longestStage = longestStage == null ? Stage.UNSPECIFIED : longestStage;
    evidence = evidence == null ? Evidence.none() : evidence;
    suggestedActions = suggestedActions == null ? List.of() : List.copyOf(suggestedActions);
  }
}
