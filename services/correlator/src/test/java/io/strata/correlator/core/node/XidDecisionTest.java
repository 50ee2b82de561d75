package io.strata.correlator.core.node;

import static io.strata.correlator.core.node.NodeFixtures.GPU;
import static io.strata.correlator.core.node.NodeFixtures.GPU_KEY;
import static io.strata.correlator.core.node.NodeFixtures.NODE_KEY;
import static io.strata.correlator.core.node.NodeFixtures.POD_KEY;
import static io.strata.correlator.core.node.NodeFixtures.T0;
import static io.strata.correlator.core.node.NodeFixtures.WORKLOAD;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.core.request.Transition;
import io.strata.correlator.core.state.GpuView;
import io.strata.correlator.core.state.NodeView;
import io.strata.correlator.core.state.XidMark;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.HealthStatus;
import io.strata.events.device.XidAction;
import io.strata.events.device.XidEvent;
import io.strata.events.device.XidOrigin;
import io.strata.events.incident.IncidentClass;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * XIDs with the catalog's immediate action and device-ingest's origin for them (NVIDIA's XID
 * catalog, as device-ingest ships it: 79 fallen off the bus RESTART_BM, 48 double bit ECC
 * WORKFLOW_XID_48, 13 graphics engine exception RESTART_APP, 43 GPU stopped processing IGNORE, 63
 * memory remapping event IGNORE; 13 and 43 are application XIDs).
 */
class XidDecisionTest {

  private final XidDecision xids =
      new XidDecision(Duration.ofMinutes(15), NodeFixtures.handoff(), new DeviceTrouble(5));

  private static XidEvent xid(int number, XidAction action, XidOrigin origin) {
    return NodeFixtures.xid(number, action, origin, T0);
  }

  private Transition<NodeView, NodeForward> decide(NodeView view, XidEvent xid) {
    return xids.decide(NODE_KEY, view, xid, T0, key -> Optional.empty());
  }

  /** What a decision opened: the classes of the device trouble it sends. */
  private static List<IncidentClass> opened(Transition<NodeView, NodeForward> decided) {
    return decided.emits().stream()
        .filter(NodeForward.Trouble.class::isInstance)
        .map(forward -> ((NodeForward.Trouble) forward).trouble().incidentClass())
        .toList();
  }

  @Test
  void theOriginAndCatalogActionSayWhatAnXidOpens() {
    assertThat(XidDecision.opens(xid(79, XidAction.RESTART_BM, XidOrigin.DEVICE)))
        .contains(IncidentClass.DEVICE_FAULT);
    assertThat(XidDecision.opens(xid(48, XidAction.WORKFLOW_XID_48, XidOrigin.DEVICE)))
        .contains(IncidentClass.DEVICE_FAULT);
    assertThat(XidDecision.opens(xid(13, XidAction.RESTART_APP, XidOrigin.APPLICATION)))
        .contains(IncidentClass.APP_ERROR);
    assertThat(XidDecision.opens(xid(43, XidAction.IGNORE, XidOrigin.APPLICATION)))
        .contains(IncidentClass.APP_ERROR);
    assertThat(XidDecision.opens(xid(63, XidAction.IGNORE, XidOrigin.DEVICE))).isEmpty();
  }

  @Test
  void aNodeActionXidIsKeptTellsTheHolderAndOpensTheDeviceFault() {
    Transition<NodeView, NodeForward> outcome =
        decide(NodeFixtures.nodeWithPod(true), xid(79, XidAction.RESTART_BM, XidOrigin.DEVICE));

    assertThat(opened(outcome)).containsExactly(IncidentClass.DEVICE_FAULT);
    assertThat(outcome.next().gpu(GPU).xids())
        .containsExactly(new XidMark(79, XidAction.RESTART_BM, XidOrigin.DEVICE, 1, T0));
    assertThat(outcome.emits()).hasSize(3);
    assertThat(outcome.emits().get(0)).isInstanceOf(NodeForward.GpuState.class);
    NodeForward.Trouble trouble = (NodeForward.Trouble) outcome.emits().get(1);
    assertThat(trouble.trackerKey()).isEqualTo(GPU_KEY + "|DEVICE_FAULT");
    assertThat(trouble.trouble().incidentClass()).isEqualTo(IncidentClass.DEVICE_FAULT);
    assertThat(outcome.emits().get(2))
        .isEqualTo(new NodeForward.WatchDevice(WORKLOAD, GPU_KEY + "|DEVICE_FAULT"));
  }

  @Test
  void anApplicationXidIsAnAppErrorForTheHolder() {
    Transition<NodeView, NodeForward> outcome =
        decide(
            NodeFixtures.nodeWithPod(true), xid(13, XidAction.RESTART_APP, XidOrigin.APPLICATION));

    assertThat(opened(outcome)).containsExactly(IncidentClass.APP_ERROR);
    NodeForward.Trouble trouble = (NodeForward.Trouble) outcome.emits().get(1);
    assertThat(trouble.trackerKey()).isEqualTo(GPU_KEY + "|APP_ERROR");
    assertThat(outcome.next().gpu(GPU).cleanToReport()).isEqualTo(5);
  }

  @Test
  void anEvidenceOnlyXidIsKeptAndOnlyReachesTheHolder() {
    Transition<NodeView, NodeForward> outcome =
        decide(NodeFixtures.nodeWithPod(true), xid(63, XidAction.IGNORE, XidOrigin.DEVICE));

    assertThat(opened(outcome)).isEmpty();
    assertThat(outcome.emits()).hasSize(1);
    NodeForward.GpuState state = (NodeForward.GpuState) outcome.emits().get(0);
    assertThat(state.snapshot().recentXids())
        .containsExactly(new XidMark(63, XidAction.IGNORE, XidOrigin.DEVICE, 1, T0));
    assertThat(outcome.next().gpu(GPU).cleanToReport()).isZero();
  }

  @Test
  void theHolderIsTheOneTheLatestSampleNamedWhenKubernetesSaysNothing() {
    GpuView sampled =
        GpuView.empty()
            .withSample(
                NodeFixtures.sample(
                    NodeFixtures.exporterPod("pod1"), HealthStatus.PASS, T0.minusSeconds(5)));
    NodeView view = NodeFixtures.nodeWithPod(false).withGpu(GPU, sampled);

    // The XID itself names nobody (NodeFixtures.xid): the holder can only come from the sample.
    Transition<NodeView, NodeForward> outcome =
        decide(view, xid(63, XidAction.IGNORE, XidOrigin.DEVICE));

    assertThat(outcome.next().gpu(GPU).ownerPod()).isEqualTo(POD_KEY);
    assertThat(outcome.next().gpu(GPU).ownerWorkload()).isEqualTo(WORKLOAD);
  }

  @Test
  void theXidsOwnLabelsNameTheHolderWhenTheLatestSampleJudgedIsOlder() {
    DeviceSample older =
        NodeFixtures.sample(
            NodeFixtures.exporterPod("old-pod"), HealthStatus.PASS, T0.minusSeconds(120));
    DeviceSample newer =
        NodeFixtures.sample(
            NodeFixtures.exporterPod("old-pod"), HealthStatus.PASS, T0.plusSeconds(1));
    XidEvent naming = withOwner(NodeFixtures.exporterPod("pod1"));
    XidEvent namingNobody = withOwner(DeviceOwner.none());

    // Judged ahead of a backlog: the XID's scrape is fresher than the sample judged last.
    assertThat(XidDecision.exporterOwner(older, naming, T0).pod()).isEqualTo("pod1");
    // An XID that names no pod, or a sample at least as fresh: the sample answers.
    assertThat(XidDecision.exporterOwner(older, namingNobody, T0).pod()).isEqualTo("old-pod");
    assertThat(XidDecision.exporterOwner(newer, naming, T0).pod()).isEqualTo("old-pod");
    // No sample yet: the XID's labels, whatever they say.
    assertThat(XidDecision.exporterOwner(null, naming, T0).pod()).isEqualTo("pod1");
    assertThat(XidDecision.exporterOwner(null, namingNobody, T0)).isEqualTo(DeviceOwner.none());
  }

  private static XidEvent withOwner(DeviceOwner owner) {
    XidEvent xid = xid(79, XidAction.RESTART_BM, XidOrigin.DEVICE);
    return new XidEvent(
        xid.eventId(),
        xid.cluster(),
        xid.node(),
        xid.gpuUuid(),
        xid.gpuIndex(),
        xid.xid(),
        xid.mnemonic(),
        xid.description(),
        xid.immediateAction(),
        xid.origin(),
        xid.source(),
        xid.occurrences(),
        owner,
        xid.target(),
        xid.detectedAt());
  }
}
