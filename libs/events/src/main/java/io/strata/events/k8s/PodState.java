package io.strata.events.k8s;

import io.strata.events.Correlation;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The current state of one GPU-relevant pod. Key: cluster/namespace/pod; a tombstone (null value)
 * on delete.
 *
 * @param correlation the resolved identity: cluster, node, namespace, workload, job, pod,
 *     model_version, queue, accelerator_type (container is null here: see {@code containers})
 * @param workloadKind the kind at the top of the owner chain; {@code correlation.workload} is its
 *     name
 * @param gpuRequests the pod's total requests of GPU extended resources, by resource name
 * @param observedAt when the watcher saw this state (not the object's creation)
 */
public record PodState(
    String uid,
    Correlation correlation,
    WorkloadKind workloadKind,
    String knativeRevision,
    PodPhase phase,
    List<Condition> conditions,
    List<ContainerState> containers,
    Map<String, Long> gpuRequests,
    Map<String, Long> gpuLimits,
    List<PodClaimRef> claims,
    List<AllocatedResource> allocatedResources,
    int restartCount,
    String lastTerminationReason,
    String resourceVersion,
    Instant createdAt,
    Instant observedAt) {

  public PodState {
    correlation = correlation == null ? Correlation.empty() : correlation;
    workloadKind = workloadKind == null ? WorkloadKind.UNSPECIFIED : workloadKind;
    phase = phase == null ? PodPhase.UNSPECIFIED : phase;
    conditions = conditions == null ? List.of() : List.copyOf(conditions);
    containers = containers == null ? List.of() : List.copyOf(containers);
    gpuRequests = gpuRequests == null ? Map.of() : Map.copyOf(gpuRequests);
    gpuLimits = gpuLimits == null ? Map.of() : Map.copyOf(gpuLimits);
    claims = claims == null ? List.of() : List.copyOf(claims);
    allocatedResources = allocatedResources == null ? List.of() : List.copyOf(allocatedResources);
  }
}
