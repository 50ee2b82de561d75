package io.strata.correlator.core.node;

import static io.strata.correlator.core.node.NodeFixtures.GPU;
import static io.strata.correlator.core.node.NodeFixtures.NODE;
import static io.strata.correlator.core.node.NodeFixtures.POD_KEY;
import static io.strata.correlator.core.node.NodeFixtures.T0;
import static io.strata.correlator.core.node.NodeFixtures.WORKLOAD;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.core.request.Transition;
import io.strata.correlator.core.state.GpuView;
import io.strata.correlator.core.state.NodeView;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.HealthStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GpuHandoffTest {

  private static final Duration ADVANCE = Duration.ofSeconds(10);
  private final GpuHandoff handoff = NodeFixtures.handoff();

  private static GpuView sampled() {
    return GpuView.empty()
        .withSample(NodeFixtures.sample(DeviceOwner.none(), HealthStatus.PASS, T0));
  }

  private static Optional<KubernetesOwner> heldByPod1(NodeView view) {
    return Optional.of(new KubernetesOwner(POD_KEY, view.pods().get(POD_KEY), null, null, null));
  }

  /** pod1, which Kubernetes says holds the GPU, and an exporter that names nobody. */
  private Transition<NodeView, NodeForward> handOffToPod1(GpuView gpu, Instant at) {
    NodeView view = NodeFixtures.nodeWithPod(true);
    return handoff.handOff(view, NodeFixtures.ref(), gpu, DeviceOwner.none(), heldByPod1(view), at);
  }

  @Test
  void theKubernetesHolderGetsTheGpuStateAndItIsRemembered() {
    Transition<NodeView, NodeForward> step = handOffToPod1(sampled(), T0);

    GpuView gpu = step.next().gpu(GPU);
    assertThat(gpu.ownerWorkload()).isEqualTo(WORKLOAD);
    assertThat(gpu.ownerPod()).isEqualTo(POD_KEY);
    assertThat(gpu.reportedAt()).isEqualTo(T0);
    assertThat(gpu.reportedSignature()).isEqualTo(WORKLOAD + "|" + POD_KEY + "|PASS");
    assertThat(step.emits()).hasSize(1);
    NodeForward.GpuState state = (NodeForward.GpuState) step.emits().get(0);
    assertThat(state.workload()).isEqualTo(WORKLOAD);
    assertThat(state.snapshot().node()).isEqualTo(NODE);
    assertThat(state.snapshot().gpuUuid()).isEqualTo(GPU);
    assertThat(state.snapshot().podKey()).isEqualTo(POD_KEY);
    assertThat(state.snapshot().health()).isEqualTo(HealthStatus.PASS);
  }

  @Test
  void anUnchangedGpuIsReportedAgainOnlyAfterAWindowAdvance() {
    GpuView reported = handOffToPod1(sampled(), T0).next().gpu(GPU);

    Transition<NodeView, NodeForward> soon = handOffToPod1(reported, T0.plusSeconds(9));
    Transition<NodeView, NodeForward> later = handOffToPod1(reported, T0.plus(ADVANCE));

    assertThat(soon.emits()).isEmpty();
    assertThat(soon.next().gpu(GPU).reportedAt()).isEqualTo(T0);
    assertThat(later.emits()).hasSize(1);
    assertThat(later.next().gpu(GPU).reportedAt()).isEqualTo(T0.plus(ADVANCE));
  }

  @Test
  void thePodTheExporterNamesHoldsItWhenKubernetesSaysNothingButKnowsThePod() {
    NodeView view = NodeFixtures.nodeWithPod(false);

    Transition<NodeView, NodeForward> step =
        handoff.handOff(
            view,
            NodeFixtures.ref(),
            sampled(),
            NodeFixtures.exporterPod("pod1"),
            Optional.empty(),
            T0);

    assertThat(step.next().gpu(GPU).ownerPod()).isEqualTo(POD_KEY);
    assertThat(step.emits())
        .extracting(f -> f.getClass().getSimpleName())
        .containsExactly("GpuState");
  }

  @Test
  void aPreviousHolderIsToldTheGpuLeftAndAnUnknownPodHoldsNothing() {
    NodeView view = NodeFixtures.nodeWithPod(false);
    GpuView heldBefore = sampled().withOwner("c1/other/old", "c1/other/old-0");

    Transition<NodeView, NodeForward> step =
        handoff.handOff(
            view,
            NodeFixtures.ref(),
            heldBefore,
            NodeFixtures.exporterPod("pod-unknown"),
            Optional.empty(),
            T0);

    assertThat(step.emits()).containsExactly(new NodeForward.GpuReleased("c1/other/old", GPU));
    assertThat(step.next().gpu(GPU).ownerWorkload()).isNull();
    assertThat(step.next().gpu(GPU).ownerPod()).isNull();
    assertThat(step.next().gpu(GPU).reportedAt()).isNull();
    assertThat(List.copyOf(step.next().pods().keySet())).containsExactly(POD_KEY);
  }
}
