package io.strata.events.k8s;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The current state of one node. Key: cluster/node; a tombstone on delete.
 *
 * @param schedulable false when cordoned ({@code spec.unschedulable}) or tainted
 *     NoSchedule/NoExecute
 * @param cordoned {@code spec.unschedulable}
 * @param gpuCapacity capacity of GPU extended resources, by resource name
 * @param labels a configured subset of the node's labels (GPU product, zone, pool), never all of
 *     them
 */
public record NodeState(
    String cluster,
    String name,
    boolean schedulable,
    boolean cordoned,
    List<Taint> taints,
    List<Condition> conditions,
    Map<String, Long> gpuCapacity,
    Map<String, Long> gpuAllocatable,
    String acceleratorType,
    Map<String, String> labels,
    String resourceVersion,
    Instant observedAt) {

  public NodeState {
    taints = taints == null ? List.of() : List.copyOf(taints);
    conditions = conditions == null ? List.of() : List.copyOf(conditions);
    gpuCapacity = gpuCapacity == null ? Map.of() : Map.copyOf(gpuCapacity);
    gpuAllocatable = gpuAllocatable == null ? Map.of() : Map.copyOf(gpuAllocatable);
    labels = labels == null ? Map.of() : Map.copyOf(labels);
  }
}
