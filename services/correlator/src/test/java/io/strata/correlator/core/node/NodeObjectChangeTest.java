package io.strata.correlator.core.node;

import static io.strata.correlator.core.node.NodeFixtures.NODE;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.core.request.Transition;
import io.strata.correlator.core.state.NodeHealth;
import io.strata.correlator.core.state.NodeView;
import java.util.List;
import org.junit.jupiter.api.Test;

class NodeObjectChangeTest {

  @Test
  void aReadySchedulableNodeSeenFirstChangesNothingForItsIncidents() {
    Transition<NodeView, NodeForward> step =
        NodeObjectChange.apply(NodeView.empty(), NodeFixtures.node(true, false));

    assertThat(step.emits()).isEmpty();
    assertThat(step.next().node()).isEqualTo(NodeFixtures.node(true, false));
  }

  @Test
  void aCordonAndALostReadyConditionEachReachTheDeviceIncidents() {
    NodeView known = NodeView.empty().withNode(NodeFixtures.node(true, false));

    Transition<NodeView, NodeForward> cordoned =
        NodeObjectChange.apply(known, NodeFixtures.node(true, true));
    Transition<NodeView, NodeForward> notReady =
        NodeObjectChange.apply(known, NodeFixtures.node(false, false));

    assertThat(cordoned.emits())
        .containsExactly(
            new NodeForward.NodeHealthChanged(
                new NodeHealth(
                    true, true, true, List.of("node " + NODE + " cordoned (spec.unschedulable)"))));
    assertThat(notReady.emits())
        .containsExactly(
            new NodeForward.NodeHealthChanged(
                new NodeHealth(
                    true, false, false, List.of("node " + NODE + " condition Ready=False"))));
  }

  @Test
  void aDeletedCordonedNodeNoLongerContainsAnythingAndAnUnchangedOneSaysNothing() {
    NodeView cordoned = NodeView.empty().withNode(NodeFixtures.node(true, true));

    Transition<NodeView, NodeForward> deleted = NodeObjectChange.apply(cordoned, null);
    Transition<NodeView, NodeForward> same =
        NodeObjectChange.apply(cordoned, NodeFixtures.node(true, true));

    assertThat(deleted.emits())
        .containsExactly(
            new NodeForward.NodeHealthChanged(new NodeHealth(false, false, true, List.of())));
    assertThat(deleted.next().node()).isNull();
    assertThat(same.emits()).isEmpty();
  }
}
