package io.strata.remediator.kube;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeCondition;
import io.fabric8.kubernetes.api.model.Taint;
import io.strata.remediator.core.cluster.TargetGateway.NodeCensus;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Whether a node is out of service already, whoever took it out: cordoned ({@code
 * spec.unschedulable}), quarantined by Strata, not Ready, or carrying one of the taints the node
 * lifecycle controller sets (node.kubernetes.io/unschedulable, not-ready, unreachable; see the
 * Kubernetes "Taints and Tolerations" reference). The blast radius counts these with Strata's own.
 */
final class NodeService {

  private static final Set<String> OUT_TAINTS =
      Set.of(
          FabricTargetGateway.QUARANTINE_TAINT,
          "node.kubernetes.io/unschedulable",
          "node.kubernetes.io/not-ready",
          "node.kubernetes.io/unreachable");

  private NodeService() {}

  /** The census of {@code nodes}: their names, those out of service, each one's pool label. */
  static NodeCensus census(List<Node> nodes, Optional<String> poolLabel) {
    Set<String> names = new TreeSet<>();
    Set<String> out = new TreeSet<>();
    Map<String, String> pools = new HashMap<>();
    for (Node node : nodes) {
      String name = node.getMetadata().getName();
      names.add(name);
      if (out(node)) {
        out.add(name);
      }
      Map<String, String> labels = node.getMetadata().getLabels();
      poolLabel
          .map(label -> labels == null ? null : labels.get(label))
          .ifPresent(pool -> pools.put(name, pool));
    }
    return new NodeCensus(names, out, pools);
  }

  static boolean out(Node node) {
    if (node.getSpec() != null) {
      if (Boolean.TRUE.equals(node.getSpec().getUnschedulable())) {
        return true;
      }
      List<Taint> taints = node.getSpec().getTaints();
      if (taints != null && taints.stream().anyMatch(t -> OUT_TAINTS.contains(t.getKey()))) {
        return true;
      }
    }
    if (node.getStatus() != null && node.getStatus().getConditions() != null) {
      for (NodeCondition condition : node.getStatus().getConditions()) {
        if ("Ready".equals(condition.getType()) && !"True".equals(condition.getStatus())) {
          return true;
        }
      }
    }
    return false;
  }
}
