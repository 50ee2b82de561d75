package io.strata.correlator.core.node;

import io.strata.correlator.core.state.NodeView;
import java.util.ArrayList;
import java.util.List;

/**
 * What one node-side record changes: the node's next view (its Kubernetes part and the GPU the
 * record is about) and what to send on, in order.
 */
public record NodeStep(NodeView view, List<NodeForward> forwards) {

  public NodeStep {
    forwards = List.copyOf(forwards);
  }

  /** The view changed (or not) and nothing is sent. */
  public static NodeStep of(NodeView view) {
    return new NodeStep(view, List.of());
  }

  /** {@code next}, sent after what this step sends. */
  public NodeStep then(NodeStep next) {
    List<NodeForward> all = new ArrayList<>(forwards);
    all.addAll(next.forwards());
    return new NodeStep(next.view(), all);
  }
}
