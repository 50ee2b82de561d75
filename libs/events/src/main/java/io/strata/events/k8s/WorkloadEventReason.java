package io.strata.events.k8s;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;
import java.util.Arrays;

/**
 * The Kubernetes event reasons that matter to GPU workloads. Anything else is OTHER, with the
 * original text kept in {@link WorkloadEvent#reasonText()}: an unknown reason is never dropped.
 */
public enum WorkloadEventReason {
  @JsonEnumDefaultValue
  UNSPECIFIED(""),
  FAILED_SCHEDULING("FailedScheduling"),
  UNEXPECTED_ADMISSION_ERROR("UnexpectedAdmissionError"),
  FAILED_PREPARE_DYNAMIC_RESOURCES("FailedPrepareDynamicResources"),
  TOPOLOGY_AFFINITY_ERROR("TopologyAffinityError"),
  BACK_OFF("BackOff"),
  CRASH_LOOP_BACK_OFF("CrashLoopBackOff"),
  OOM_KILLING("OOMKilling"),
  EVICTED("Evicted"),
  PREEMPTED("Preempted"),
  NODE_NOT_READY("NodeNotReady"),
  PULLING("Pulling"),
  PULLED("Pulled"),
  FAILED("Failed"),
  KILLING("Killing"),
  OTHER("");

  private final String kubernetesReason;

  WorkloadEventReason(String kubernetesReason) {
    this.kubernetesReason = kubernetesReason;
  }

  public String kubernetesReason() {
    return kubernetesReason;
  }

  /** Maps an event's reason text; unknown text is OTHER. */
  public static WorkloadEventReason fromKubernetes(String reason) {
    if (reason == null || reason.isEmpty()) {
      return UNSPECIFIED;
    }
    return Arrays.stream(values())
        .filter(r -> !r.kubernetesReason.isEmpty() && r.kubernetesReason.equals(reason))
        .findFirst()
        .orElse(OTHER);
  }

  /** Scheduling, admission and DRA preparation failures: the ALLOCATION_FAILURE evidence. */
  public boolean isAllocationFailure() {
    return this == FAILED_SCHEDULING
        || this == UNEXPECTED_ADMISSION_ERROR
        || this == FAILED_PREPARE_DYNAMIC_RESOURCES
        || this == TOPOLOGY_AFFINITY_ERROR;
  }
}
