package io.strata.simulator.model;

import java.util.List;
import java.util.Map;

/** A snapshot for GET /status. */
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
    List<WorkloadStatus> workloads) {

  /** One workload's remediable state. */
  public record WorkloadStatus(
      String namespace,
      String name,
      String kind,
      int containerConcurrency,
      Map<String, Integer> traffic,
      boolean paused,
      int runningPods,
      int pendingPods) {}
}
