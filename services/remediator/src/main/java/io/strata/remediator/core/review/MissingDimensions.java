package io.strata.remediator.core.review;

import io.strata.events.incident.DeviceEvidence;
import io.strata.events.incident.ExemplarTrace;
import io.strata.events.incident.Incident;
import io.strata.remediator.core.plan.Incidents;
import java.util.ArrayList;
import java.util.List;

/**
 * The correlation dimensions an incident lacked: what the next incident of its kind needs added to
 * spans, exporters or labels to be joined without guessing.
 */
public final class MissingDimensions {

  private MissingDimensions() {}

  public static List<String> of(Incident incident) {
    List<String> missing = new ArrayList<>();
    List<ExemplarTrace> traces = incident.evidence().exemplarTraces();
    if (traces.isEmpty()) {
      missing.add("no exemplar trace");
    } else {
      if (traces.stream().anyMatch(t -> blank(t.pod()))) {
        missing.add("spans without k8s.pod.name");
      }
      if (traces.stream().anyMatch(t -> blank(t.node()))) {
        missing.add("spans without k8s.node.name");
      }
      if (traces.stream().anyMatch(t -> blank(t.gpuUuid()))) {
        missing.add("spans without gpu_uuid");
      }
    }
    List<DeviceEvidence> devices = incident.evidence().devices();
    if (!devices.isEmpty()
        && incident.correlation().pod() == null
        && Incidents.scope(incident).workloads().isEmpty()) {
      missing.add("GPUs without pod labels");
    }
    if (!Incidents.scope(incident).gpuUuids().isEmpty() && devices.isEmpty()) {
      missing.add("GPUs without device fields");
    }
    if (devices.stream().anyMatch(d -> d.fields().isEmpty())) {
      missing.add("device evidence without fields");
    }
    if (incident.correlation().modelVersion() == null
        && Incidents.scope(incident).modelVersions().isEmpty()) {
      missing.add("no model_version");
    }
    if (incident.correlation().acceleratorType() == null) {
      missing.add("no accelerator_type");
    }
    if (incident.correlation().workload() == null
        && Incidents.scope(incident).workloads().isEmpty()) {
      missing.add("no workload");
    }
    return missing;
  }

  private static boolean blank(String value) {
    return value == null || value.isBlank();
  }
}
