package io.strata.correlator.core.node;

import io.strata.correlator.core.request.Transition;
import io.strata.correlator.core.state.GpuExemplars;
import io.strata.correlator.core.state.GpuTrouble;
import io.strata.correlator.core.state.GpuView;
import io.strata.correlator.core.state.NodeHealth;
import io.strata.correlator.core.state.NodeView;
import io.strata.correlator.core.state.TrackerKeys;
import io.strata.correlator.core.state.XidMark;
import io.strata.events.device.XidEvent;
import io.strata.events.incident.IncidentClass;
import io.strata.events.k8s.PodState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Device trouble and the clean samples after it. Trouble goes to the device-incident side (which
 * opens or refreshes the incident), the workload holding the GPU is told to report its windows for
 * it, and the next {@code cleanSamplesToResolve} clean samples of the GPU are reported (enough to
 * resolve; the device-incident side needs no more), unless the node is not Ready: a node that is
 * not Ready cannot vouch for its GPUs.
 */
public final class DeviceTrouble {

  /** The classes a GPU's clean sample concerns: both device-incident lifecycles. */
  private static final List<IncidentClass> DEVICE_CLASSES =
      List.of(IncidentClass.DEVICE_FAULT, IncidentClass.APP_ERROR);

  private final int cleanSamplesToResolve;

  public DeviceTrouble(int cleanSamplesToResolve) {
    this.cleanSamplesToResolve = cleanSamplesToResolve;
  }

  /**
   * @param xid the XID that is the trouble; null for a health FAIL
   * @param served the requests a GPU served by its cluster/node/gpu key, read only here (the
   *     trouble carries them as the incident's exemplars)
   */
  public Transition<NodeView, NodeForward> trouble(
      NodeView view,
      GpuRef ref,
      IncidentClass incidentClass,
      XidEvent xid,
      Instant at,
      Function<String, Optional<GpuExemplars>> served) {
    GpuView gpu = view.gpu(ref.uuid());
    PodState owner = gpu.ownerPod() == null ? null : view.pods().get(gpu.ownerPod());
    NodeHealth health = view.health();
    GpuTrouble facts =
        new GpuTrouble(
            incidentClass,
            ref.cluster(),
            ref.node(),
            ref.uuid(),
            xid,
            gpu.latest(),
            gpu.xids().stream().map(XidMark::xid).toList(),
            gpu.mismatch(),
            served.apply(ref.key()).map(GpuExemplars::traces).orElse(gpu.exemplars()),
            owner,
            at);
    String key = TrackerKeys.of(ref.nodeKey(), ref.uuid(), incidentClass);
    String workload = owner == null ? null : gpu.ownerWorkload();
    List<NodeForward> forwards = new ArrayList<>();
    // A GPU already failing keeps cleanToReport at its reset value; an XID is always news.
    boolean news = xid != null || gpu.cleanToReport() < cleanSamplesToResolve;
    forwards.add(new NodeForward.Trouble(key, facts, workload, health, news));
    if (workload != null) {
      forwards.add(new NodeForward.WatchDevice(workload, key));
    }
    return new Transition<>(
        view.withGpu(ref.uuid(), gpu.withCleanToReport(cleanSamplesToResolve)), forwards);
  }

  /** A sample that is not a FAIL: reported to both trackers while clean samples are still due. */
  public Transition<NodeView, NodeForward> clean(NodeView view, GpuRef ref) {
    GpuView gpu = view.gpu(ref.uuid());
    if (gpu.cleanToReport() == 0 || !view.health().ready()) {
      return Transition.of(view);
    }
    List<NodeForward> forwards = new ArrayList<>();
    for (IncidentClass incidentClass : DEVICE_CLASSES) {
      forwards.add(new NodeForward.Clean(TrackerKeys.of(ref.nodeKey(), ref.uuid(), incidentClass)));
    }
    return new Transition<>(
        view.withGpu(ref.uuid(), gpu.withCleanToReport(gpu.cleanToReport() - 1)), forwards);
  }
}
