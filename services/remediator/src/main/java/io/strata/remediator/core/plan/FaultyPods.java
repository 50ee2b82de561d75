package io.strata.remediator.core.plan;

import io.strata.events.Correlation;
import io.strata.events.incident.ExemplarTrace;
import io.strata.events.incident.Incident;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.cluster.TargetException;
import io.strata.remediator.core.cluster.TargetGateway;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The pods on an incident's faulty GPUs.
 *
 * <p>The correlation's pod is the one the correlator found holding the GPU; it is taken as stated
 * (if it is gone by the time the action runs, the action fails with TARGET_NOT_FOUND). Exemplar
 * traces name more pods, but without a namespace, and a trace may predate the GPU changing hands.
 * So a pod named by a trace counts only when the trace ran on a faulty GPU (the scope's GPUs) of an
 * incident node, and the API server confirms a pod of that name in the correlation's namespace
 * bound to one of the incident's nodes. Anything less could pause an unrelated pod.
 */
final class FaultyPods {

  private FaultyPods() {}

  /**
   * @param notes receives a line per exemplar pod whose lookup failed
   */
  static Set<TargetRef> of(Incident incident, PodLocator locator, List<String> notes) {
    Set<TargetRef> pods = new LinkedHashSet<>();
    Correlation correlation = incident.correlation();
    String namespace = correlation.namespace();
    if (namespace == null) {
      return pods;
    }
    if (correlation.pod() != null) {
      pods.add(TargetGateway.pod(namespace, correlation.pod()));
    }
    Set<String> nodes = ActionPlanner.nodes(incident);
    // A HashSet: an exemplar without a GPU id must simply not match (Set.copyOf rejects null).
    Set<String> gpus = new HashSet<>(Incidents.scope(incident).gpuUuids());
    for (ExemplarTrace trace : incident.evidence().exemplarTraces()) {
      if (trace.pod() == null
          || !nodes.contains(trace.node())
          || !gpus.contains(trace.gpuUuid())
          || pods.contains(TargetGateway.pod(namespace, trace.pod()))) {
        continue;
      }
      try {
        Optional<String> node = locator.nodeOf(namespace, trace.pod());
        if (node.isPresent() && nodes.contains(node.get())) {
          pods.add(TargetGateway.pod(namespace, trace.pod()));
        }
      } catch (TargetException e) {
        // Best effort: an unconfirmed extra pod must not hold back the rest of the plan.
        notes.add(
            "exemplar pod "
                + namespace
                + "/"
                + trace.pod()
                + " not confirmed ("
                + e.reason()
                + "), not paused");
      }
    }
    return pods;
  }
}
