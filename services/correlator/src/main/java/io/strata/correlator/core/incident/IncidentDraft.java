package io.strata.correlator.core.incident;

import io.strata.events.Correlation;
import io.strata.events.incident.Evidence;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.Scope;
import io.strata.events.incident.Severity;
import io.strata.events.incident.Trigger;
import io.strata.events.remediation.ActionType;
import io.strata.events.trace.Stage;
import java.util.List;

/**
 * An incident's content as a classifier sees it, before the lifecycle gives it an id, a revision, a
 * state and timestamps.
 *
 * @param scopeKey the primary scope (for example {@code node/gpu} or {@code namespace/workload/v2})
 *     that, with class and cluster, names the incident
 */
public record IncidentDraft(
    IncidentClass incidentClass,
    Severity severity,
    String summary,
    Correlation correlation,
    Scope scope,
    String scopeKey,
    Trigger trigger,
    Stage longestStage,
    Evidence evidence,
    List<ActionType> suggestedActions) {

  /** The same draft with other evidence. */
  public IncidentDraft withEvidence(Evidence other) {
    return new IncidentDraft(
        incidentClass,
        severity,
        summary,
        correlation,
        scope,
        scopeKey,
        trigger,
        longestStage,
        other,
        suggestedActions);
  }
}
