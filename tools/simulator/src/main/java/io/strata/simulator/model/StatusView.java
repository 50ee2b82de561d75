package io.strata.simulator.model;

import java.util.ArrayList;
import java.util.List;

/** Builds the GET /status snapshot; called under the {@link ClusterModel} lock. */
final class StatusView {

  private StatusView() {}

  static ClusterStatus of(
      ClusterModel model,
      List<Node> nodes,
      List<Workload> workloads,
      List<Pod> pods,
      RequestGenerator generator) {
    List<ClusterStatus.WorkloadStatus> ws = new ArrayList<>();
    for (Workload w : workloads) {
      int running = 0;
      int pending = 0;
      for (Pod pod : pods) {
        if (pod.workload() == w) {
          if (pod.isScheduled()) {
            running++;
          } else {
            pending++;
          }
        }
      }
      ws.add(
          new ClusterStatus.WorkloadStatus(
              w.namespace(),
              w.name(),
              w.kind().name(),
              w.concurrency(),
              w.traffic(),
              w.paused(),
              running,
              pending,
              w.primaryRevision().modelVersion(),
              (int) model.pausedPodCount(w),
              generator.held(w)));
    }
    List<String> cordoned = nodes.stream().filter(Node::cordoned).map(Node::name).toList();
    int pendingPods = (int) pods.stream().filter(p -> !p.isScheduled()).count();
    return new ClusterStatus(
        model.shape().cluster(),
        nodes.size(),
        model.shape().totalGpus(),
        cordoned,
        model.scenario().slug(),
        model.currentRequestRate(),
        generator.queueWaitP50Ms(),
        generator.served(),
        generator.failed(),
        generator.unroutable(),
        pendingPods,
        ws,
        generator.held(null),
        generator.timedOut());
  }
}
