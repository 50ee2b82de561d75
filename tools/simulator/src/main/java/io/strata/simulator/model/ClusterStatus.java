package io.strata.simulator.model;

import java.util.List;
import java.util.Map;

/**
 * A snapshot for GET /status.
 *
 * @param requestsUnroutable requests that found no routable pod when they arrived (they were held)
 * @param requestsHeld requests waiting now for a paused workload or a revision without a routable
 *     pod
 * @param requestsTimedOut held requests whose client gave up ({@code RequestGenerator} timeout)
 */
public record ClusterStatus(
    String cluster,
    int nodes,
    int gpus,
    List<String> cordonedNodes,
    String scenario,
    double requestRate,
    double queueWaitP50Ms,
    long requestsServed,
    long requestsFailed,
    long requestsUnroutable,
    int pendingPods,
    List<WorkloadStatus> workloads,
    int requestsHeld,
    long requestsTimedOut) {

  /**
   * One workload's remediable state.
   *
   * @param modelVersion the version taking most of its traffic
   * @param pausedPods its pods whose own pause annotation is set
   * @param heldRequests its requests waiting now
   */
  public record WorkloadStatus(
      String namespace,
      String name,
      String kind,
      int containerConcurrency,
      Map<String, Integer> traffic,
      boolean paused,
      int runningPods,
      int pendingPods,
      String modelVersion,
      int pausedPods,
      int heldRequests) {}
}
