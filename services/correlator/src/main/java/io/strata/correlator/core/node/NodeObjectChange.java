package io.strata.correlator.core.node;

import io.strata.correlator.core.request.Transition;
import io.strata.correlator.core.state.NodeHealth;
import io.strata.correlator.core.state.NodeView;
import io.strata.events.k8s.NodeState;

/**
 * The node object changed (or was deleted): the view keeps it, and a change of what it means for
 * the node's device incidents (schedulable or not: containment; Ready or not: whether its samples
 * count toward recovery) goes to the device-incident side. A change of labels, capacity or notes
 * alone does not.
 */
public final class NodeObjectChange {

  private NodeObjectChange() {}

  /**
   * @param state the node object's state, null when it was deleted
   */
  public static Transition<NodeView, NodeForward> apply(NodeView view, NodeState state) {
    NodeView next = view.withNode(state);
    NodeHealth before = view.health();
    NodeHealth after = next.health();
    if (before.unschedulable() != after.unschedulable() || before.ready() != after.ready()) {
      return Transition.of(next, new NodeForward.NodeHealthChanged(after));
    }
    return Transition.of(next);
  }
}
