package io.strata.correlator.core.node;

import static io.strata.correlator.core.node.NodeFixtures.NODE;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.core.state.NodeHealth;
import io.strata.correlator.core.state.NodeView;
import java.util.List;
import org.junit.jupiter.api.Test;

class NodeObjectChangeTest {

  @Test
  void aReadySchedulableNodeSeenFirstChangesNothingForItsIncidents() {
    NodeStep step = NodeObjectChange.apply(NodeView.empty(), NodeFixtures.node(true, false));

    assertThat(step.forwards()).isEmpty();
    assertThat(step.view().node()).isEqualTo(NodeFixtures.node(true, false));
  }

  @Test
  void aCordonAndALostReadyConditionEachReachTheDeviceIncidents() {
    NodeView known = NodeView.empty().withNode(NodeFixtures.node(true, false));

    NodeStep cordoned = NodeObjectChange.apply(known, NodeFixtures.node(true, true));
    NodeStep notReady = NodeObjectChange.apply(known, NodeFixtures.node(false, false));

    assertThat(cordoned.forwards())
        .containsExactly(
            new NodeForward.NodeHealthChanged(
                new NodeHealth(
                    true, true, true, List.of("node " + NODE + " cordoned (spec.unschedulable)"))));
    assertThat(notReady.forwards())
        .containsExactly(
            new NodeForward.NodeHealthChanged(
                new NodeHealth(
                    true, false, false, List.of("node " + NODE + " condition Ready=False"))));
  }

  @Test
  void aDeletedCordonedNodeNoLongerContainsAnythingAndAnUnchangedOneSaysNothing() {
    NodeView cordoned = NodeView.empty().withNode(NodeFixtures.node(true, true));

    NodeStep deleted = NodeObjectChange.apply(cordoned, null);
    NodeStep same = NodeObjectChange.apply(cordoned, NodeFixtures.node(true, true));

    assertThat(deleted.forwards())
        .containsExactly(
            new NodeForward.NodeHealthChanged(new NodeHealth(false, false, true, List.of())));
    assertThat(deleted.view().node()).isNull();
    assertThat(same.forwards()).isEmpty();
  }
}
