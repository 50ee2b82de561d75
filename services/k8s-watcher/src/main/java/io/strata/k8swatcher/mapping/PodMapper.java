package io.strata.k8swatcher.mapping;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodResourceClaim;
import io.fabric8.kubernetes.api.model.PodResourceClaimStatus;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.strata.events.Correlation;
import io.strata.events.k8s.ContainerState;
import io.strata.events.k8s.PodClaimRef;
import io.strata.events.k8s.PodPhase;
import io.strata.events.k8s.PodState;
import io.strata.k8swatcher.identity.WorkloadIdentity;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A pod, its resolved workload and its node's accelerator type → {@link PodState}. */
public final class PodMapper {

  private final String cluster;
  private final ContainerStates containers;
  private final List<String> modelVersionKeys;
  private final String queueKey;

  public PodMapper(
      String cluster, GpuResources gpus, List<String> modelVersionKeys, String queueKey) {
    this.cluster = cluster;
    this.containers = new ContainerStates(gpus);
    this.modelVersionKeys = List.copyOf(modelVersionKeys);
    this.queueKey = queueKey;
  }

  public PodState map(
      Pod pod, WorkloadIdentity identity, String acceleratorType, Instant observedAt) {
    Identity.requireNamespaced(pod);
    List<ContainerState> containerStates = containers.of(pod);
    return new PodState(
        pod.getMetadata().getUid(),
        correlation(pod, identity, acceleratorType),
        identity.kind(),
        identity.knativeRevision(),
        phase(pod),
        Conditions.ofPod(pod.getStatus() == null ? null : pod.getStatus().getConditions()),
        containerStates,
        containers.effective(pod, ResourceRequirements::getRequests),
        containers.effective(pod, ResourceRequirements::getLimits),
        claims(pod),
        ContainerStates.allocatedResources(pod),
        containerStates.stream().mapToInt(ContainerState::restartCount).sum(),
        ContainerStates.lastTerminationReason(pod),
        pod.getMetadata().getResourceVersion(),
        Timestamps.parse(pod.getMetadata().getCreationTimestamp()),
        observedAt);
  }

  /** The identity block alone, for events about this pod. */
  public Correlation correlation(Pod pod, WorkloadIdentity identity, String acceleratorType) {
    return Correlation.builder()
        .cluster(cluster)
        .node(pod.getSpec() == null ? null : pod.getSpec().getNodeName())
        .namespace(pod.getMetadata().getNamespace())
        .workload(identity.workload())
        .job(identity.job())
        .pod(pod.getMetadata().getName())
        .modelVersion(modelVersion(pod, identity))
        .queue(labelOrAnnotation(pod, queueKey))
        .acceleratorType(acceleratorType)
        .build();
  }

  private String modelVersion(Pod pod, WorkloadIdentity identity) {
    for (String key : modelVersionKeys) {
      String value = labelOrAnnotation(pod, key);
      if (value != null) {
        return value;
      }
    }
    return identity.knativeRevision();
  }

  private static String labelOrAnnotation(Pod pod, String key) {
    String label = nonBlank(pod.getMetadata().getLabels(), key);
    return label != null ? label : nonBlank(pod.getMetadata().getAnnotations(), key);
  }

  private static String nonBlank(Map<String, String> map, String key) {
    String value = map == null ? null : map.get(key);
    return value == null || value.isBlank() ? null : value;
  }

  private static PodPhase phase(Pod pod) {
    String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
    if (phase == null || phase.isBlank()) {
      return PodPhase.UNSPECIFIED;
    }
    try {
      return PodPhase.valueOf(phase.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      return PodPhase.UNKNOWN;
    }
  }

  /** spec.resourceClaims joined with status.resourceClaimStatuses (generated claim names). */
  private static List<PodClaimRef> claims(Pod pod) {
    List<PodResourceClaim> declared = pod.getSpec().getResourceClaims();
    if (declared == null) {
      return List.of();
    }
    List<PodResourceClaimStatus> statuses =
        pod.getStatus() == null || pod.getStatus().getResourceClaimStatuses() == null
            ? List.of()
            : pod.getStatus().getResourceClaimStatuses();
    return declared.stream()
        .map(
            claim ->
                new PodClaimRef(
                    claim.getName(),
                    claim.getResourceClaimName() != null
                        ? claim.getResourceClaimName()
                        : statuses.stream()
                            .filter(s -> claim.getName().equals(s.getName()))
                            .map(PodResourceClaimStatus::getResourceClaimName)
                            .findFirst()
                            .orElse(null)))
        .toList();
  }
}
