package io.strata.correlator.core.node;

import io.strata.correlator.core.request.Transition;
import io.strata.correlator.core.state.DeviceAnomalyDetector;
import io.strata.correlator.core.state.GpuReport;
import io.strata.correlator.core.state.GpuView;
import io.strata.correlator.core.state.NodeView;
import io.strata.events.Correlation;
import io.strata.events.device.DeviceOwner;
import io.strata.events.k8s.PodState;
import io.strata.events.topic.Keys;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Which workload holds a GPU, and what it is told: the pod Kubernetes says holds the GPU, else the
 * pod the exporter names when the node has it; a previous holder is told the GPU left; the holder
 * gets the GPU's state when a {@link GpuReport} is due (a decisive change at once, the rest at most
 * once per window advance).
 */
public final class GpuHandoff {

  private final DeviceAnomalyDetector anomalies;
  private final Duration advance;
  private final Function<Correlation, String> workloadKey;

  /**
   * @param advance the window advance: the longest a holder waits for a GPU's device fields
   * @param workloadKey the workload partition key of a pod (the topology's key scheme), null when
   *     the pod cannot be attributed
   */
  public GpuHandoff(
      DeviceAnomalyDetector anomalies,
      Duration advance,
      Function<Correlation, String> workloadKey) {
    this.anomalies = anomalies;
    this.advance = advance;
    this.workloadKey = workloadKey;
  }

  /**
   * @param gpu the GPU after the record (its samples and XIDs so far)
   * @param exporter who the exporter says holds it
   * @param kubernetes who Kubernetes says holds it
   * @return the view with the GPU's new holder (and report time), and what to tell whom
   */
  public Transition<NodeView, NodeForward> handOff(
      NodeView view,
      GpuRef ref,
      GpuView gpu,
      DeviceOwner exporter,
      Optional<KubernetesOwner> kubernetes,
      Instant at) {
    String podKey = kubernetes.map(KubernetesOwner::podKey).orElse(null);
    if (podKey == null && exporter.hasPod() && exporter.namespace() != null) {
      String claimed = Keys.pod(ref.cluster(), exporter.namespace(), exporter.pod());
      podKey = view.pods().containsKey(claimed) ? claimed : null;
    }
    PodState pod = podKey == null ? null : view.pods().get(podKey);
    String workload = pod == null ? null : workloadKey.apply(pod.correlation());
    List<NodeForward> forwards = new ArrayList<>();
    if (gpu.ownerWorkload() != null && !gpu.ownerWorkload().equals(workload)) {
      forwards.add(new NodeForward.GpuReleased(gpu.ownerWorkload(), ref.uuid()));
    }
    GpuView owned = gpu.withOwner(workload, pod == null ? null : podKey);
    if (workload != null) {
      GpuReport report = GpuReport.of(workload, podKey, owned, anomalies);
      if (report.due(owned, at, advance)) {
        forwards.add(
            new NodeForward.GpuState(
                workload, report.snapshot(ref.cluster(), ref.node(), ref.uuid(), owned, at)));
        owned = owned.withReported(at, report.signature(owned));
      }
    }
    return new Transition<>(view.withGpu(ref.uuid(), owned), forwards);
  }
}
