package io.strata.correlator.core.state;

import io.strata.events.k8s.ContainerState;
import io.strata.events.k8s.PodPhase;
import io.strata.events.k8s.PodState;
import java.time.Instant;
import java.util.List;

/** What a workload keeps of each of its pods. */
public record PodBrief(
    String podKey,
    String node,
    PodPhase phase,
    String modelVersion,
    int restartCount,
    String lastTerminationReason,
    long gpusRequested,
    List<String> images,
    Instant observedAt) {

  public PodBrief {
    images = images == null ? List.of() : List.copyOf(images);
  }

  public static PodBrief of(String podKey, PodState pod) {
    long gpus = pod.gpuRequests().values().stream().mapToLong(Long::longValue).sum();
    return new PodBrief(
        podKey,
        pod.correlation().node(),
        pod.phase(),
        pod.correlation().modelVersion(),
        pod.restartCount(),
        pod.lastTerminationReason(),
        gpus + pod.claims().size(),
        pod.containers().stream().map(ContainerState::image).filter(i -> i != null).toList(),
        pod.observedAt());
  }

  /** Waiting for a node or a device: it asked for GPUs and does not run yet. */
  public boolean waitingForAllocation() {
    return phase == PodPhase.PENDING && gpusRequested > 0;
  }
}
