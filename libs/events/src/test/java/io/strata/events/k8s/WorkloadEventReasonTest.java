package io.strata.events.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class WorkloadEventReasonTest {

  @ParameterizedTest
  @EnumSource(
      value = WorkloadEventReason.class,
      names = {"UNSPECIFIED", "OTHER"},
      mode = EnumSource.Mode.EXCLUDE)
  void everyKnownReasonMapsFromItsKubernetesText(WorkloadEventReason reason) {
    assertThat(reason.kubernetesReason()).isNotEmpty();
    assertThat(WorkloadEventReason.fromKubernetes(reason.kubernetesReason())).isEqualTo(reason);
  }

  @Test
  void examples() {
    assertThat(WorkloadEventReason.fromKubernetes("FailedScheduling"))
        .isEqualTo(WorkloadEventReason.FAILED_SCHEDULING);
    assertThat(WorkloadEventReason.fromKubernetes("FailedPrepareDynamicResources"))
        .isEqualTo(WorkloadEventReason.FAILED_PREPARE_DYNAMIC_RESOURCES);
    assertThat(WorkloadEventReason.fromKubernetes("OOMKilling"))
        .isEqualTo(WorkloadEventReason.OOM_KILLING);
  }

  @Test
  void unknownTextIsOtherNeverDropped() {
    assertThat(WorkloadEventReason.fromKubernetes("SandboxChanged"))
        .isEqualTo(WorkloadEventReason.OTHER);
    assertThat(WorkloadEventReason.fromKubernetes("failedscheduling"))
        .as("Kubernetes reasons are case-sensitive")
        .isEqualTo(WorkloadEventReason.OTHER);
    assertThat(WorkloadEventReason.fromKubernetes("OTHER")).isEqualTo(WorkloadEventReason.OTHER);
  }

  @Test
  void noTextIsUnspecified() {
    assertThat(WorkloadEventReason.fromKubernetes(null)).isEqualTo(WorkloadEventReason.UNSPECIFIED);
    assertThat(WorkloadEventReason.fromKubernetes("")).isEqualTo(WorkloadEventReason.UNSPECIFIED);
  }

  @Test
  void allocationFailuresAreTheAllocationEvidence() {
    EnumSet<WorkloadEventReason> allocation = EnumSet.noneOf(WorkloadEventReason.class);
    for (WorkloadEventReason reason : WorkloadEventReason.values()) {
      if (reason.isAllocationFailure()) {
        allocation.add(reason);
      }
    }
    assertThat(allocation)
        .containsExactlyInAnyOrder(
            WorkloadEventReason.FAILED_SCHEDULING,
            WorkloadEventReason.UNEXPECTED_ADMISSION_ERROR,
            WorkloadEventReason.FAILED_PREPARE_DYNAMIC_RESOURCES,
            WorkloadEventReason.TOPOLOGY_AFFINITY_ERROR);
  }
}
