package io.strata.remediator.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import org.junit.jupiter.api.Test;

/**
 * Which nodes the blast radius counts as already out of service besides Strata's own: every way a
 * node leaves service (issue 16: NotReady and tainted nodes were ignored), and nothing else.
 */
class NodeServiceTest {

  private static NodeBuilder node() {
    return new NodeBuilder().withNewMetadata().withName("gpu-1").endMetadata();
  }

  private static Node tainted(String key, String effect) {
    return node()
        .withNewSpec()
        .addNewTaint()
        .withKey(key)
        .withEffect(effect)
        .endTaint()
        .endSpec()
        .build();
  }

  private static Node ready(String status) {
    return node()
        .withNewSpec()
        .endSpec()
        .withNewStatus()
        .addNewCondition()
        .withType("MemoryPressure")
        .withStatus("False")
        .endCondition()
        .addNewCondition()
        .withType("Ready")
        .withStatus(status)
        .endCondition()
        .endStatus()
        .build();
  }

  @Test
  void cordonedQuarantinedNotReadyUnreachableOrLifecycleTaintedNodesAreOut() {
    assertThat(NodeService.out(node().withNewSpec().withUnschedulable(true).endSpec().build()))
        .isTrue();
    assertThat(NodeService.out(tainted("strata.io/quarantine", "NoSchedule"))).isTrue();
    assertThat(NodeService.out(tainted("node.kubernetes.io/unschedulable", "NoSchedule"))).isTrue();
    assertThat(NodeService.out(tainted("node.kubernetes.io/not-ready", "NoExecute"))).isTrue();
    assertThat(NodeService.out(tainted("node.kubernetes.io/unreachable", "NoExecute"))).isTrue();
    assertThat(NodeService.out(ready("False"))).isTrue();
    assertThat(NodeService.out(ready("Unknown"))).isTrue();
  }

  @Test
  void aReadySchedulableNodeWithOtherTaintsIsInService() {
    assertThat(NodeService.out(ready("True"))).isFalse();
    assertThat(NodeService.out(node().build())).isFalse();
    assertThat(NodeService.out(node().withNewSpec().withUnschedulable(false).endSpec().build()))
        .isFalse();
    // A dedicated-pool taint says who may run there, not that the node is out of service.
    assertThat(NodeService.out(tainted("nvidia.com/gpu", "NoSchedule"))).isFalse();
  }
}
