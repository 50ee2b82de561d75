package io.strata.correlator.core.incident;

import io.strata.events.Correlation;
import io.strata.events.incident.AlertEvidence;
import io.strata.events.incident.Evidence;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.Scope;
import io.strata.events.incident.Signal;
import io.strata.events.incident.Trigger;
import io.strata.events.trace.Stage;
import java.time.Instant;
import java.util.List;

/**
 * The incident a firing alert opens when a rule maps it to a class and no open incident of its node
 * takes it: on its node (and GPU, when it names one), with the suggested actions of the class, so a
 * DEVICE_FAULT is quarantined as one an XID opened would be. The alert that opened it resolves it.
 */
public final class AlertIncidents {

  private AlertIncidents() {}

  /** The draft of that incident, showing the alert among its evidence. */
  public static IncidentDraft draft(AlertNotice alert, Instant at) {
    AlertOpening opening = alert.opening();
    IncidentClass incidentClass = opening.incidentClass();
    Correlation correlation = alert.correlation();
    String node = correlation.node();
    String gpu = alert.gpuUuid();
    String workload =
        correlation.namespace() == null || correlation.workload() == null
            ? null
            : correlation.namespace() + "/" + correlation.workload();
    List<String> workloads = workload == null ? List.of() : List.of(workload);
    List<String> versions =
        correlation.modelVersion() == null ? List.of() : List.of(correlation.modelVersion());
    Scope scope =
        new Scope(
            correlation.cluster(),
            List.of(node),
            gpu == null ? List.of() : List.of(gpu),
            workloads,
            versions,
            true,
            workloads.size() == 1,
            versions.size() == 1);
    String where = gpu == null ? node : node + "/" + gpu;
    AlertEvidence evidence = alert.evidence();
    Instant started = evidence.startsAt() == null ? at : evidence.startsAt();
    String note =
        "opened by the Alertmanager alert "
            + evidence.alertName()
            + " (fingerprint "
            + evidence.fingerprint()
            + ", rule "
            + opening.rule()
            + "): it resolves when Alertmanager resolves that alert";
    return new IncidentDraft(
        incidentClass,
        opening.severity(),
        incidentClass + ": alert " + evidence.alertName() + " on " + where,
        correlation,
        scope,
        where,
        new Trigger(Signal.ALERT, 1.0, null, "alert", started, at),
        Stage.UNSPECIFIED,
        new Evidence(List.of(), List.of(), List.of(), List.of(), List.of(note), List.of(evidence)),
        SuggestedActions.forClass(incidentClass));
  }
}
