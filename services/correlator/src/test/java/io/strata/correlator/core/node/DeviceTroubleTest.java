package io.strata.correlator.core.node;

import static io.strata.correlator.core.node.NodeFixtures.GPU;
import static io.strata.correlator.core.node.NodeFixtures.GPU_KEY;
import static io.strata.correlator.core.node.NodeFixtures.POD_KEY;
import static io.strata.correlator.core.node.NodeFixtures.T0;
import static io.strata.correlator.core.node.NodeFixtures.WORKLOAD;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.core.request.Transition;
import io.strata.correlator.core.state.GpuExemplars;
import io.strata.correlator.core.state.GpuView;
import io.strata.correlator.core.state.NodeView;
import io.strata.correlator.core.state.TrackerKeys;
import io.strata.events.device.XidAction;
import io.strata.events.device.XidOrigin;
import io.strata.events.incident.ExemplarTrace;
import io.strata.events.incident.IncidentClass;
import io.strata.events.trace.Stage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DeviceTroubleTest {

  private static final String FAULT_TRACKER = GPU_KEY + "|DEVICE_FAULT";
  private static final String APP_TRACKER = GPU_KEY + "|APP_ERROR";
  private final DeviceTrouble trouble = new DeviceTrouble(5);

  private static NodeView heldByPod1() {
    NodeView view = NodeFixtures.nodeWithPod(true);
    return view.withGpu(GPU, GpuView.empty().withOwner(WORKLOAD, POD_KEY));
  }

  @Test
  void theTrackerIsNamedAfterTheNodeKeyGpuAndClass() {
    assertThat(TrackerKeys.of(NodeFixtures.NODE_KEY, GPU, IncidentClass.DEVICE_FAULT))
        .isEqualTo("c1/sc-starwars-xxxx/GPU-a4f34abc-7715-3560-dcea-7238b9611a45|DEVICE_FAULT");
  }

  @Test
  void aFallenOffTheBusXidOpensTheFaultWatchesTheHolderAndAwaitsFiveCleanSamples() {
    // XID 79: GPU has fallen off the bus, catalog immediate action RESTART_BM (reference/xid).
    ExemplarTrace served =
        new ExemplarTrace(
            "4bf92f3577b34da6a3ce929d0e0e4736",
            812.5,
            Stage.GPU_EXECUTE,
            Map.of(),
            "pod1",
            NodeFixtures.NODE,
            GPU);
    List<String> read = new ArrayList<>();

    Transition<NodeView, NodeForward> step =
        trouble.trouble(
            heldByPod1(),
            NodeFixtures.ref(),
            IncidentClass.DEVICE_FAULT,
            NodeFixtures.xid(79, XidAction.RESTART_BM, XidOrigin.DEVICE, T0),
            T0,
            key -> {
              read.add(key);
              return Optional.of(new GpuExemplars(List.of(served)));
            });

    assertThat(read).containsExactly(GPU_KEY);
    assertThat(step.emits()).hasSize(2);
    NodeForward.Trouble sent = (NodeForward.Trouble) step.emits().get(0);
    assertThat(sent.trackerKey()).isEqualTo(FAULT_TRACKER);
    assertThat(sent.workload()).isEqualTo(WORKLOAD);
    assertThat(sent.trouble().incidentClass()).isEqualTo(IncidentClass.DEVICE_FAULT);
    assertThat(sent.trouble().exemplars()).containsExactly(served);
    assertThat(sent.health().ready()).isTrue();
    assertThat(step.emits().get(1)).isEqualTo(new NodeForward.WatchDevice(WORKLOAD, FAULT_TRACKER));
    assertThat(step.next().gpu(GPU).cleanToReport()).isEqualTo(5);
  }

  @Test
  void troubleOnAGpuNobodyHoldsWatchesNoWorkload() {
    Transition<NodeView, NodeForward> step =
        trouble.trouble(
            NodeView.empty(),
            NodeFixtures.ref(),
            IncidentClass.DEVICE_FAULT,
            null,
            T0,
            key -> Optional.empty());

    assertThat(step.emits()).hasSize(1);
    NodeForward.Trouble sent = (NodeForward.Trouble) step.emits().get(0);
    assertThat(sent.workload()).isNull();
    assertThat(sent.trouble().exemplars()).isEmpty();
  }

  @Test
  void aCleanSampleAfterTroubleGoesToBothTrackersAndCountsDown() {
    NodeView view = heldByPod1();
    view = view.withGpu(GPU, view.gpu(GPU).withCleanToReport(2));

    Transition<NodeView, NodeForward> step = trouble.clean(view, NodeFixtures.ref());

    assertThat(step.emits())
        .containsExactly(new NodeForward.Clean(FAULT_TRACKER), new NodeForward.Clean(APP_TRACKER));
    assertThat(step.next().gpu(GPU).cleanToReport()).isEqualTo(1);
  }

  @Test
  void noCleanSampleIsReportedWhenNoneIsDueOrTheNodeIsNotReady() {
    NodeView due = heldByPod1();
    due = due.withGpu(GPU, due.gpu(GPU).withCleanToReport(3));
    NodeView notReady = due.withNode(NodeFixtures.node(false, false));

    Transition<NodeView, NodeForward> none = trouble.clean(heldByPod1(), NodeFixtures.ref());
    Transition<NodeView, NodeForward> unready = trouble.clean(notReady, NodeFixtures.ref());

    assertThat(none.emits()).isEmpty();
    assertThat(unready.emits()).isEmpty();
    assertThat(unready.next().gpu(GPU).cleanToReport()).isEqualTo(3);
  }
}
