package io.strata.correlator.core.node;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.Correlation;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.FindingReason;
import io.strata.events.k8s.AllocatedDevice;
import io.strata.events.k8s.AllocatedResource;
import io.strata.events.k8s.ClaimState;
import io.strata.events.k8s.ObjectRef;
import io.strata.events.k8s.PodClaimRef;
import io.strata.events.k8s.PodPhase;
import io.strata.events.k8s.PodState;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OwnershipCheckTest {

  private static final OwnershipCheck CHECK = new OwnershipCheck(true);

  private static PodState pod(
      String name, List<AllocatedResource> allocated, List<PodClaimRef> claims) {
    return new PodState(
        "uid-" + name,
        Correlation.builder()
            .cluster("c1")
            .namespace("ml")
            .workload("w")
            .pod(name)
            .node("n1")
            .build(),
        null,
        null,
        PodPhase.RUNNING,
        null,
        null,
        null,
        null,
        claims,
        allocated,
        0,
        null,
        "1",
        null,
        null);
  }

  private static DeviceOwner exporterPod(String name) {
    return new DeviceOwner(
        "ml", name, "main", null, null, null, null, null, null, null, null, null);
  }

  private static DeviceOwner exporterClaim(String claim) {
    return new DeviceOwner(null, null, null, null, null, "ml", claim, null, null, null, null, null);
  }

  private static final Map<String, PodState> PODS =
      Map.of(
          "c1/ml/a",
              pod(
                  "a",
                  List.of(new AllocatedResource("main", "nvidia.com/gpu", "GPU-1", "Healthy")),
                  null),
          "c1/ml/b", pod("b", null, null),
          "c1/ml/d", pod("d", null, List.of(new PodClaimRef("gpu", "d-claim"))));

  private static final Map<String, ClaimState> CLAIMS =
      Map.of(
          "c1/ml/d-claim",
          new ClaimState(
              "c1",
              "ml",
              "d-claim",
              "u",
              "v1",
              true,
              "n1",
              List.of(new AllocatedDevice("gpu", "gpu.nvidia.com", "n1", "gpu-2", "GPU-2", false)),
              List.of(),
              null,
              "1",
              null));

  private static Optional<FindingReason> compare(String gpu, DeviceOwner exporter) {
    return CHECK.compare(
        "c1", exporter, OwnershipCheck.kubernetesOwner("c1", gpu, PODS, CLAIMS), PODS, CLAIMS);
  }

  @Test
  void theDevicePluginAllocationNamesTheHolder() {
    KubernetesOwner owner =
        OwnershipCheck.kubernetesOwner("c1", "GPU-1", PODS, CLAIMS).orElseThrow();
    assertThat(owner.podKey()).isEqualTo("c1/ml/a");
    assertThat(owner.claimName()).isNull();
  }

  @Test
  void aDraClaimNamesTheHolderThroughThePodThatUsesIt() {
    KubernetesOwner owner =
        OwnershipCheck.kubernetesOwner("c1", "GPU-2", PODS, CLAIMS).orElseThrow();
    assertThat(owner.podKey()).isEqualTo("c1/ml/d");
    assertThat(owner.claimName()).isEqualTo("d-claim");
    assertThat(owner.claimDriver()).isEqualTo("gpu.nvidia.com");
  }

  @Test
  void agreementIsNoFinding() {
    assertThat(compare("GPU-1", exporterPod("a"))).isEmpty();
    assertThat(compare("GPU-2", exporterClaim("d-claim"))).isEmpty();
  }

  @Test
  void disagreementsAreNamedByTheirReason() {
    assertThat(compare("GPU-1", exporterPod("b"))).contains(FindingReason.POD_DIFFERS);
    assertThat(compare("GPU-2", exporterClaim("x-claim"))).contains(FindingReason.CLAIM_DIFFERS);
    assertThat(compare("GPU-9", exporterPod("ghost")))
        .contains(FindingReason.KUBERNETES_HAS_NO_OWNER);
    assertThat(compare("GPU-9", exporterClaim("ghost-claim")))
        .contains(FindingReason.KUBERNETES_HAS_NO_OWNER);
    assertThat(compare("GPU-1", DeviceOwner.none())).contains(FindingReason.EXPORTER_HAS_NO_OWNER);
  }

  @Test
  void aKnownPodWhoseDevicesKubernetesDoesNotReportCannotBeContradicted() {
    // Pod b runs on the node but Kubernetes does not say which GPU it got.
    assertThat(compare("GPU-7", exporterPod("b"))).isEmpty();
  }

  @Test
  void anUnlabelledExporterCanBeToleratedByConfiguration() {
    OwnershipCheck lenient = new OwnershipCheck(false);
    assertThat(
            lenient.compare(
                "c1",
                DeviceOwner.none(),
                OwnershipCheck.kubernetesOwner("c1", "GPU-1", PODS, CLAIMS),
                PODS,
                CLAIMS))
        .isEmpty();
  }

  @Test
  void aClaimReservedForAPodNamesThatPod() {
    ClaimState reserved =
        new ClaimState(
            "c1",
            "ml",
            "e-claim",
            "u",
            "v1",
            true,
            "n1",
            List.of(new AllocatedDevice("gpu", "gpu.nvidia.com", "n1", "gpu-3", "GPU-3", false)),
            List.of(new ObjectRef("v1", "Pod", "ml", "b", "uid-b")),
            null,
            "1",
            null);

    KubernetesOwner owner =
        OwnershipCheck.kubernetesOwner("c1", "GPU-3", PODS, Map.of("c1/ml/e-claim", reserved))
            .orElseThrow();

    assertThat(owner.podKey()).isEqualTo("c1/ml/b");
    assertThat(owner.toDeviceOwner().pod()).isEqualTo("b");
    assertThat(owner.toDeviceOwner().draClaimName()).isEqualTo("e-claim");
  }
}
