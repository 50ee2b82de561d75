package io.strata.correlator.core.state;

import io.strata.events.k8s.Condition;
import io.strata.events.k8s.NodeState;
import java.util.ArrayList;
import java.util.List;

/**
 * What a node's Kubernetes state means for its device incidents: an unschedulable node (cordoned,
 * or tainted NoSchedule/NoExecute) takes no new work (the fault is contained: MITIGATING), a node
 * that is not Ready cannot vouch for its GPUs (its samples do not count toward recovery).
 *
 * @param known whether a node state was seen at all (unknown counts as Ready, not cordoned)
 * @param notes evidence lines: cordon, NoSchedule/NoExecute taints, conditions that are not normal
 */
public record NodeHealth(boolean known, boolean unschedulable, boolean ready, List<String> notes) {

  public NodeHealth {
    notes = notes == null ? List.of() : List.copyOf(notes);
  }

  public static NodeHealth of(NodeState node) {
    if (node == null) {
      return new NodeHealth(false, false, true, List.of());
    }
    List<String> notes = new ArrayList<>();
    boolean ready = true;
    if (node.cordoned()) {
      notes.add("node " + node.name() + " cordoned (spec.unschedulable)");
    } else if (!node.schedulable()) {
      notes.add("node " + node.name() + " unschedulable (NoSchedule/NoExecute taint)");
    }
    for (Condition condition : node.conditions()) {
      boolean isReady = "Ready".equals(condition.type());
      boolean normal =
          isReady ? "True".equals(condition.status()) : "False".equals(condition.status());
      if (isReady && !normal) {
        ready = false;
      }
      if (!normal) {
        notes.add(
            "node "
                + node.name()
                + " condition "
                + condition.type()
                + "="
                + condition.status()
                + (condition.reason() == null ? "" : " (" + condition.reason() + ")"));
      }
    }
    return new NodeHealth(true, !node.schedulable() || node.cordoned(), ready, notes);
  }
}
