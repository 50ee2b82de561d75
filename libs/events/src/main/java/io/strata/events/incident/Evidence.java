package io.strata.events.incident;

import java.util.List;

/**
 * What the on-call engineer would have looked up: exemplar traces, device fields, Kubernetes events
 * and findings.
 *
 * @param k8sEvents short lines, for example {@code FailedScheduling x3: 0/4 nodes: Insufficient
 *     nvidia.com/gpu}
 * @param findings short lines describing data-quality findings
 * @param notes anything else worth saying (model_version change, image pull), one fact a line
 */
public record Evidence(
    List<ExemplarTrace> exemplarTraces,
    List<DeviceEvidence> devices,
    List<String> k8sEvents,
    List<String> findings,
    List<String> notes) {

  public Evidence {
    exemplarTraces = exemplarTraces == null ? List.of() : List.copyOf(exemplarTraces);
    devices = devices == null ? List.of() : List.copyOf(devices);
    k8sEvents = k8sEvents == null ? List.of() : List.copyOf(k8sEvents);
    findings = findings == null ? List.of() : List.copyOf(findings);
    notes = notes == null ? List.of() : List.copyOf(notes);
  }

  public static Evidence none() {
    return new Evidence(null, null, null, null, null);
  }
}
