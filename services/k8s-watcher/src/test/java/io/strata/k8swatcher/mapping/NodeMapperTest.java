package io.strata.k8swatcher.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.strata.events.k8s.NodeState;
import io.strata.events.k8s.Taint;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NodeMapperTest {

  private final NodeMapper mapper =
      new NodeMapper(
          "c1",
          new GpuResources(List.of("nvidia.com/gpu", "nvidia.com/mig-*")),
          "nvidia.com/gpu.product",
          List.of("nvidia.com/gpu.product", "topology.kubernetes.io/zone"),
          List.of("nvidia.com/gpu"));

  @Test
  void toleratedGpuTaintKeepsTheNodeSchedulable() {
    NodeState state = mapper.map(node().build(), Instant.EPOCH);
    assertThat(state.schedulable()).isTrue();
    assertThat(state.cordoned()).isFalse();
    assertThat(state.gpuCapacity())
        .isEqualTo(Map.of("nvidia.com/gpu", 4L, "nvidia.com/mig-1g.10gb", 7L));
    assertThat(state.labels()).isEqualTo(Map.of("nvidia.com/gpu.product", "NVIDIA-A100-SXM4-80GB"));
    assertThat(state.acceleratorType()).isEqualTo("NVIDIA-A100-SXM4-80GB");
  }

  @Test
  void cordonOrABlockingTaintMakesItUnschedulable() {
    assertThat(
            mapper.map(node().editSpec().withUnschedulable(true).endSpec().build(), Instant.EPOCH))
        .satisfies(s -> assertThat(s.schedulable()).isFalse())
        .satisfies(s -> assertThat(s.cordoned()).isTrue());
    NodeState drained =
        mapper.map(
            node()
                .editSpec()
                .addNewTaint()
                .withKey("strata.io/xid-79")
                .withEffect("NoExecute")
                .endTaint()
                .endSpec()
                .build(),
            Instant.EPOCH);
    assertThat(drained.schedulable()).isFalse();
    assertThat(drained.cordoned()).isFalse();
    assertThat(drained.taints()).contains(new Taint("strata.io/xid-79", null, "NoExecute", null));
    NodeState preferNot =
        mapper.map(
            node()
                .editSpec()
                .addNewTaint()
                .withKey("x")
                .withEffect("PreferNoSchedule")
                .endTaint()
                .endSpec()
                .build(),
            Instant.EPOCH);
    assertThat(preferNot.schedulable()).isTrue();
  }

  private static NodeBuilder node() {
    Node node =
        new NodeBuilder()
            .withNewMetadata()
            .withName("gpu-1")
            .addToLabels("nvidia.com/gpu.product", "NVIDIA-A100-SXM4-80GB")
            .addToLabels("kubernetes.io/os", "linux")
            .endMetadata()
            .withNewSpec()
            .addNewTaint()
            .withKey("nvidia.com/gpu")
            .withEffect("NoSchedule")
            .endTaint()
            .endSpec()
            .withNewStatus()
            .addToCapacity("nvidia.com/gpu", new Quantity("4"))
            .addToCapacity("nvidia.com/mig-1g.10gb", new Quantity("7"))
            .addToCapacity("memory", new Quantity("1Ti"))
            .endStatus()
            .build();
    return new NodeBuilder(node);
  }
}
