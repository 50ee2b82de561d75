package io.strata.console.core;

import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import java.util.List;

/**
 * The list's filters; null matches everything. {@code namespace} and {@code workload} match the
 * incident's primary correlation or any {@code namespace/workload} of its scope.
 */
public record IncidentQuery(
    IncidentState state,
    String cluster,
    String namespace,
    String workload,
    IncidentClass incidentClass) {

  public static IncidentQuery all() {
    return new IncidentQuery(null, null, null, null, null);
  }

  public boolean matches(Incident incident) {
    if (state != null && incident.state() != state) {
      return false;
    }
    if (incidentClass != null && incident.incidentClass() != incidentClass) {
      return false;
    }
    if (cluster != null
        && !cluster.equals(incident.correlation().cluster())
        && (incident.scope() == null || !cluster.equals(incident.scope().cluster()))) {
      return false;
    }
    List<String> workloads = incident.scope() == null ? List.of() : incident.scope().workloads();
    if (namespace != null
        && !namespace.equals(incident.correlation().namespace())
        && workloads.stream().noneMatch(w -> w.startsWith(namespace + "/"))) {
      return false;
    }
    return workload == null
        || workload.equals(incident.correlation().workload())
        || workloads.stream().anyMatch(w -> w.endsWith("/" + workload) || w.equals(workload));
  }
}
