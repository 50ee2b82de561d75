package io.strata.correlator.core.node;

import static io.strata.correlator.core.node.NodeFixtures.CLAIM;
import static io.strata.correlator.core.node.NodeFixtures.CLAIM_KEY;
import static io.strata.correlator.core.node.NodeFixtures.GPU;
import static io.strata.correlator.core.node.NodeFixtures.GPU_KEY;
import static io.strata.correlator.core.node.NodeFixtures.NODE_KEY;
import static io.strata.correlator.core.node.NodeFixtures.T0;
import static io.strata.correlator.core.node.NodeFixtures.TARGET;
import static io.strata.correlator.core.node.NodeFixtures.WORKLOAD;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.correlator.core.request.Transition;
import io.strata.correlator.core.state.GpuView;
import io.strata.correlator.core.state.KeptSamples;
import io.strata.correlator.core.state.MismatchState;
import io.strata.correlator.core.state.NodeView;
import io.strata.correlator.core.state.XidMark;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.FindingKind;
import io.strata.events.device.FindingReason;
import io.strata.events.device.HealthStatus;
import io.strata.events.device.XidAction;
import io.strata.events.device.XidOrigin;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SampleDecisionTest {

  private static final Duration GRACE = Duration.ofMinutes(2);
  private static final String FAULT_TRACKER = GPU_KEY + "|DEVICE_FAULT";
  private static final String APP_TRACKER = GPU_KEY + "|APP_ERROR";

  private final SampleDecision samples =
      new SampleDecision(
          Duration.ofMinutes(15),
          new OwnershipMismatch(true, GRACE),
          new ClaimAttribution(GRACE),
          NodeFixtures.handoff(),
          new DeviceTrouble(5));

  private Transition<NodeView, NodeForward> decide(NodeView view, DeviceSample sample) {
    return samples.decide(NODE_KEY, view, sample, sample.scrapedAt(), key -> Optional.empty());
  }

  private static List<String> kinds(Transition<NodeView, NodeForward> step) {
    return step.emits().stream().map(f -> f.getClass().getSimpleName()).toList();
  }

  @Test
  void aHealthFailIsADeviceFaultAndTheNextPassSamplesCountAsClean() {
    NodeView view = NodeFixtures.nodeWithPod(true);
    DeviceSample fail = NodeFixtures.sample(DeviceOwner.none(), HealthStatus.FAIL, T0);

    Transition<NodeView, NodeForward> failed = decide(view, fail);
    Transition<NodeView, NodeForward> clean =
        decide(
            failed.next(),
            NodeFixtures.sample(DeviceOwner.none(), HealthStatus.PASS, T0.plusSeconds(10)));

    assertThat(kinds(failed)).containsExactly("GpuState", "Trouble", "WatchDevice");
    assertThat(((NodeForward.Trouble) failed.emits().get(1)).trackerKey()).isEqualTo(FAULT_TRACKER);
    assertThat(failed.next().gpu(GPU).latest()).isEqualTo(KeptSamples.latest(fail));
    assertThat(failed.next().gpu(GPU).cleanToReport()).isEqualTo(5);
    assertThat(kinds(clean)).containsExactly("GpuState", "Clean", "Clean");
    assertThat(clean.emits().subList(1, 3))
        .containsExactly(new NodeForward.Clean(FAULT_TRACKER), new NodeForward.Clean(APP_TRACKER));
    assertThat(clean.next().gpu(GPU).cleanToReport()).isEqualTo(4);
    assertThat(clean.next().gpu(GPU).previous()).isEqualTo(KeptSamples.previous(fail));
  }

  @Test
  void aSampleScrapedBeforeTheNewestXidIsNotCleanForItAndALaterOneIs() {
    // The XID was judged ahead of the GPU's queued samples (ADR 039): those are older than it.
    Transition<NodeView, NodeForward> faulted =
        new XidDecision(Duration.ofMinutes(15), NodeFixtures.handoff(), new DeviceTrouble(5))
            .decide(
                NODE_KEY,
                NodeFixtures.nodeWithPod(true),
                NodeFixtures.xid(79, XidAction.RESTART_BM, XidOrigin.DEVICE, T0.plusSeconds(60)),
                T0.plusSeconds(60),
                key -> Optional.empty());

    Transition<NodeView, NodeForward> older =
        decide(
            faulted.next(),
            NodeFixtures.sample(DeviceOwner.none(), HealthStatus.PASS, T0.plusSeconds(10)));
    Transition<NodeView, NodeForward> later =
        decide(
            older.next(),
            NodeFixtures.sample(DeviceOwner.none(), HealthStatus.PASS, T0.plusSeconds(61)));

    assertThat(kinds(older)).containsExactly("GpuState");
    assertThat(older.next().gpu(GPU).cleanToReport()).isEqualTo(5);
    assertThat(kinds(later)).containsExactly("GpuState", "Clean", "Clean");
    assertThat(later.next().gpu(GPU).cleanToReport()).isEqualTo(4);
  }

  @Test
  void aSampleDropsTheXidsOlderThanTheLookback() {
    XidMark old = new XidMark(79, XidAction.RESTART_BM, XidOrigin.DEVICE, 1, T0.minusSeconds(901));
    XidMark recent =
        new XidMark(48, XidAction.WORKFLOW_XID_48, XidOrigin.DEVICE, 1, T0.minusSeconds(899));
    NodeView view =
        NodeView.empty()
            .withGpu(
                GPU,
                GpuView.empty()
                    .withXids(old, T0.minusSeconds(3600))
                    .withXids(recent, T0.minusSeconds(3600)));

    Transition<NodeView, NodeForward> step =
        decide(view, NodeFixtures.sample(DeviceOwner.none(), HealthStatus.PASS, T0));

    assertThat(step.next().gpu(GPU).xids()).containsExactly(recent);
    assertThat(step.emits()).isEmpty();
  }

  @Test
  void theTargetFindingGoesBeforeTheGpuFindingThenTheHolderIsTold() {
    String draId = "dra-fd8cd98315a5f0e3ad7e-1796032800000";
    NodeView view =
        NodeFixtures.nodeWithPod(false)
            .withClaim(CLAIM_KEY, NodeFixtures.claim())
            .withTarget(
                TARGET,
                new MismatchState(FindingReason.EXPORTER_WITHOUT_DRA_ATTRIBUTION, T0, true, draId))
            .withGpu(
                GPU,
                GpuView.empty()
                    .withMismatch(new MismatchState(FindingReason.POD_DIFFERS, T0, false, null)));
    Instant at = T0.plus(GRACE);

    Transition<NodeView, NodeForward> step =
        decide(
            view,
            NodeFixtures.sample(NodeFixtures.exporterClaim("pod2", CLAIM), HealthStatus.PASS, at));

    assertThat(kinds(step)).containsExactly("Finding", "Finding", "GpuState");
    NodeForward.Finding target = (NodeForward.Finding) step.emits().get(0);
    NodeForward.Finding gpu = (NodeForward.Finding) step.emits().get(1);
    assertThat(target.key()).isEqualTo("c1/" + TARGET);
    assertThat(target.finding().findingId()).isEqualTo(draId);
    assertThat(target.finding().kind()).isEqualTo(FindingKind.RESOLVED);
    assertThat(gpu.key()).isEqualTo(GPU_KEY);
    assertThat(gpu.finding().kind()).isEqualTo(FindingKind.OWNERSHIP_MISMATCH);
    assertThat(gpu.finding().reason()).isEqualTo(FindingReason.POD_DIFFERS);
    assertThat(((NodeForward.GpuState) step.emits().get(2)).workload()).isEqualTo(WORKLOAD);
    assertThat(step.next().targets()).isEmpty();
  }

  @Test
  void aSampleWithoutGpuUuidIsRejected() {
    DeviceSample noGpu =
        NodeFixtures.sample(" ", TARGET, DeviceOwner.none(), HealthStatus.PASS, T0);

    assertThatThrownBy(() -> decide(NodeView.empty(), noGpu))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a device record without gpu_uuid cannot be correlated");
  }
}
