package io.strata.simulator.model;

import java.util.List;

/**
 * A pod of the simulated cluster. {@code node} is null while the pod is Pending (unschedulable).
 *
 * @param gpuIndices indices of the GPUs on {@code node} the pod holds
 * @param revision the Knative revision (or the workload's single version)
 * @param draClaim name of the ResourceClaim the pod's GPU comes through, or null (device plugin)
 */
public record Pod(
    String name,
    String namespace,
    String container,
    String uid,
    Workload workload,
    Revision revision,
    int gpuCount,
    String node,
    List<Integer> gpuIndices,
    String draClaim) {

  public Pod {
    gpuIndices = List.copyOf(gpuIndices);
  }

  public boolean isScheduled() {
    return node != null;
  }

  Pod placedOn(String nodeName, List<Integer> indices) {
    return new Pod(
        name, namespace, container, uid, workload, revision, gpuCount, nodeName, indices, draClaim);
  }
}
