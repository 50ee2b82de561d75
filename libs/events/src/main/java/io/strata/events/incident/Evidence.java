package io.strata.events.incident;

import java.util.List;

/**
 * What the on-call engineer would have looked up: exemplar traces, device fields, Kubernetes
 * events, findings and the Alertmanager alerts joined to the incident.
 *
 * @param k8sEvents short lines, for example {@code FailedScheduling x3: 0/4 nodes: Insufficient
 *     nvidia.com/gpu}
 * @param findings short lines describing data-quality findings
 * @param notes anything else worth saying (model_version change, image pull), one fact a line
 * @param alerts Alertmanager alerts joined to the incident, the newest first, at most a few (the
 *     correlator keeps 10 by default); absent in records written before it existed
 */
public record Evidence(
    List<ExemplarTrace> exemplarTraces,
    List<DeviceEvidence> devices,
    List<String> k8sEvents,
    List<String> findings,
    List<String> notes,
    List<AlertEvidence> alerts) {

  public Evidence {
    exemplarTraces = exemplarTraces == null ? List.of() : List.copyOf(exemplarTraces);
    devices = devices == null ? List.of() : List.copyOf(devices);
    k8sEvents = k8sEvents == null ? List.of() : List.copyOf(k8sEvents);
    findings = findings == null ? List.of() : List.copyOf(findings);
    notes = notes == null ? List.of() : List.copyOf(notes);
    alerts = alerts == null ? List.of() : List.copyOf(alerts);
  }

  /** Evidence without alerts, as it was before alerts were joined to incidents. */
  public Evidence(
      List<ExemplarTrace> exemplarTraces,
      List<DeviceEvidence> devices,
      List<String> k8sEvents,
      List<String> findings,
      List<String> notes) {
    this(exemplarTraces, devices, k8sEvents, findings, notes, null);
  }

  public static Evidence none() {
    return new Evidence(null, null, null, null, null, null);
  }

  /** The same evidence with these alerts. */
  public Evidence withAlerts(List<AlertEvidence> other) {
    return new Evidence(exemplarTraces, devices, k8sEvents, findings, notes, other);
  }
}
