package io.strata.remediator.kube;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeCondition;
import io.fabric8.kubernetes.api.model.Taint;
import java.util.List;
import java.util.Set;

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
