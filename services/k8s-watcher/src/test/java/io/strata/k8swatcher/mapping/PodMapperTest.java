package io.strata.k8swatcher.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.strata.events.k8s.PodPhase;
import io.strata.events.k8s.PodState;
import io.strata.events.k8s.WorkloadKind;
import io.strata.k8swatcher.identity.WorkloadIdentity;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PodMapperTest {

  private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");
  private static final GpuResources GPUS =
      new GpuResources(List.of("nvidia.com/gpu", "nvidia.com/mig-*"));
  private static final WorkloadIdentity KNATIVE =
      new WorkloadIdentity(WorkloadKind.KNATIVE_SERVICE, "chat", null, "chat-00002", true);

  private final PodMapper mapper =
      new PodMapper(
          "c1",
          GPUS,
          List.of("model_version", "app.kubernetes.io/version"),
          "kueue.x-k8s.io/queue-name");

  @Test
  void effectiveGpuRequestIsTheLargerOfTheAppSumAndAnyInitContainer() {
    Pod pod =
        base()
            .editSpec()
            .addToInitContainers(container("warmup", "nvidia.com/gpu", "4"))
            .addToContainers(container("a", "nvidia.com/gpu", "1"))
            .addToContainers(container("b", "nvidia.com/gpu", "2"))
            .addToContainers(container("c", "nvidia.com/mig-1g.10gb", "1"))
            .endSpec()
            .build();
    PodState state = mapper.map(pod, KNATIVE, null, NOW);
    assertThat(state.gpuLimits())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of("nvidia.com/gpu", 4L, "nvidia.com/mig-1g.10gb", 1L));
    assertThat(state.containers())
        .extracting(c -> c.limits())
        .containsExactly(
            Map.of("nvidia.com/gpu", 1L),
            Map.of("nvidia.com/gpu", 2L),
            Map.of("nvidia.com/mig-1g.10gb", 1L));
  }

  @Test
  void modelVersionFromLabelThenAnnotationThenKnativeRevision() {
    Pod labelled =
        base()
            .editMetadata()
            .addToLabels("app.kubernetes.io/version", "2.0")
            .addToAnnotations("model_version", "m-7")
            .endMetadata()
            .build();
    assertThat(mapper.map(labelled, KNATIVE, null, NOW).correlation().modelVersion())
        .isEqualTo("m-7");
    Pod versionOnly =
        base().editMetadata().addToLabels("app.kubernetes.io/version", "2.0").endMetadata().build();
    assertThat(mapper.map(versionOnly, KNATIVE, null, NOW).correlation().modelVersion())
        .isEqualTo("2.0");
    assertThat(mapper.map(base().build(), KNATIVE, null, NOW).correlation().modelVersion())
        .isEqualTo("chat-00002");
  }

  @Test
  void lastTerminationIsTheMostRecentAcrossContainers() {
    Pod pod =
        base()
            .editSpec()
            .addToContainers(
                container("a", "nvidia.com/gpu", "1"), container("b", "nvidia.com/gpu", "1"))
            .endSpec()
            .withNewStatus()
            .withPhase("Running")
            .addToContainerStatuses(terminated("a", "Error", 1, "2026-11-30T10:00:00Z", 3))
            .addToContainerStatuses(terminated("b", "OOMKilled", 137, "2026-11-30T11:00:00Z", 2))
            .endStatus()
            .build();
    PodState state = mapper.map(pod, KNATIVE, "NVIDIA-A100", NOW);
    assertThat(state.lastTerminationReason()).isEqualTo("OOMKilled");
    assertThat(state.restartCount()).isEqualTo(5);
    assertThat(state.phase()).isEqualTo(PodPhase.RUNNING);
    assertThat(state.correlation().acceleratorType()).isEqualTo("NVIDIA-A100");
  }

  @Test
  void fractionalGpuQuantityIsAMappingFailureWithAReason() {
    Pod pod =
        base()
            .editSpec()
            .addToContainers(container("a", "nvidia.com/gpu", "500m"))
            .endSpec()
            .build();
    assertThatThrownBy(() -> mapper.map(pod, KNATIVE, null, NOW))
        .isInstanceOfSatisfying(
            MappingException.class,
            e -> assertThat(e.reason()).isEqualTo(MappingFailure.INVALID_QUANTITY));
  }

  @Test
  void podWithoutNamespaceIsAMappingFailure() {
    Pod pod = base().editMetadata().withNamespace(null).endMetadata().build();
    assertThatThrownBy(() -> mapper.map(pod, KNATIVE, null, NOW))
        .isInstanceOfSatisfying(
            MappingException.class,
            e -> assertThat(e.reason()).isEqualTo(MappingFailure.MISSING_IDENTITY));
  }

  @Test
  void interestCoversGpuRequestsClaimsAndConfiguredNamespaces() {
    PodInterest interest = new PodInterest(GPUS, List.of("gateway"));
    assertThat(
            interest.test(
                base().editSpec().addToContainers(container("a", "cpu", "1")).endSpec().build()))
        .isFalse();
    assertThat(
            interest.test(
                base()
                    .editSpec()
                    .addToInitContainers(container("a", "nvidia.com/mig-2g.20gb", "1"))
                    .endSpec()
                    .build()))
        .isTrue();
    assertThat(
            interest.test(
                base()
                    .editSpec()
                    .addNewResourceClaim()
                    .withName("gpu")
                    .withResourceClaimName("c")
                    .endResourceClaim()
                    .endSpec()
                    .build()))
        .isTrue();
    assertThat(interest.test(base().editMetadata().withNamespace("gateway").endMetadata().build()))
        .isTrue();
  }

  private static PodBuilder base() {
    return new PodBuilder()
        .withNewMetadata()
        .withNamespace("ml")
        .withName("p")
        .withUid("u")
        .endMetadata()
        .withNewSpec()
        .endSpec();
  }

  private static io.fabric8.kubernetes.api.model.Container container(
      String name, String resource, String amount) {
    return new ContainerBuilder()
        .withName(name)
        .withImage("img")
        .withNewResources()
        .addToLimits(resource, new Quantity(amount))
        .endResources()
        .build();
  }

  private static io.fabric8.kubernetes.api.model.ContainerStatus terminated(
      String name, String reason, int exit, String finishedAt, int restarts) {
    return new ContainerStatusBuilder()
        .withName(name)
        .withRestartCount(restarts)
        .withNewLastState()
        .withNewTerminated()
        .withReason(reason)
        .withExitCode(exit)
        .withFinishedAt(finishedAt)
        .endTerminated()
        .endLastState()
        .build();
  }
}
