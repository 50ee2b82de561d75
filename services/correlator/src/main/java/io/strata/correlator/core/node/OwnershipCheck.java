package io.strata.correlator.core.node;

import io.strata.events.device.DeviceOwner;
import io.strata.events.device.FindingReason;
import io.strata.events.k8s.AllocatedDevice;
import io.strata.events.k8s.AllocatedResource;
import io.strata.events.k8s.ClaimState;
import io.strata.events.k8s.ObjectRef;
import io.strata.events.k8s.PodClaimRef;
import io.strata.events.k8s.PodState;
import io.strata.events.topic.Keys;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The design's second confirmation: the exporter's pod / DRA claim labels for a GPU are checked
 * against what the Kubernetes API says holds that GPU on the same node. Pure: works on one node's
 * pods and claims.
 */
public final class OwnershipCheck {

  private final boolean reportExporterWithoutOwner;

  public OwnershipCheck(boolean reportExporterWithoutOwner) {
    this.reportExporterWithoutOwner = reportExporterWithoutOwner;
  }

  /**
   * The Kubernetes holder of a GPU: a pod whose allocated resources name it, or a DRA claim whose
   * allocation resolved to it (with the pod the claim is reserved for).
   */
  public static Optional<KubernetesOwner> kubernetesOwner(
      String cluster, String gpuUuid, Map<String, PodState> pods, Map<String, ClaimState> claims) {
    for (Map.Entry<String, PodState> entry : pods.entrySet()) {
      for (AllocatedResource resource : entry.getValue().allocatedResources()) {
        if (gpuUuid.equals(resource.deviceId())) {
          return Optional.of(
              new KubernetesOwner(entry.getKey(), entry.getValue(), null, null, null));
        }
      }
    }
    for (ClaimState claim : claims.values()) {
      for (AllocatedDevice device : claim.devices()) {
        if (gpuUuid.equals(device.gpuUuid())) {
          String podKey = reservedPod(cluster, claim, pods);
          return Optional.of(
              new KubernetesOwner(
                  podKey,
                  podKey == null ? null : pods.get(podKey),
                  claim.namespace(),
                  claim.name(),
                  device.driver()));
        }
      }
    }
    return Optional.empty();
  }

  /**
   * Why the exporter and Kubernetes disagree about a GPU, or empty when they agree (or Kubernetes
   * cannot contradict the exporter because it does not report which device a pod got).
   */
  public Optional<FindingReason> compare(
      String cluster,
      DeviceOwner exporter,
      Optional<KubernetesOwner> kubernetes,
      Map<String, PodState> pods,
      Map<String, ClaimState> claims) {
    if (exporter.hasPod()) {
      if (kubernetes.isPresent() && kubernetes.get().pod() != null) {
        KubernetesOwner owner = kubernetes.get();
        if (!Objects.equals(owner.podName(), exporter.pod())
            || !Objects.equals(owner.podNamespace(), exporter.namespace())) {
          return Optional.of(FindingReason.POD_DIFFERS);
        }
      } else if (exporter.namespace() == null
          || !pods.containsKey(Keys.pod(cluster, exporter.namespace(), exporter.pod()))) {
        return Optional.of(FindingReason.KUBERNETES_HAS_NO_OWNER);
      }
    }
    if (exporter.hasClaim()) {
      if (kubernetes.isPresent() && kubernetes.get().claimName() != null) {
        KubernetesOwner owner = kubernetes.get();
        if (!Objects.equals(owner.claimName(), exporter.draClaimName())
            || (exporter.draClaimNamespace() != null
                && !Objects.equals(owner.claimNamespace(), exporter.draClaimNamespace()))) {
          return Optional.of(FindingReason.CLAIM_DIFFERS);
        }
      } else if (!claimKnown(cluster, exporter, claims)) {
        return Optional.of(FindingReason.KUBERNETES_HAS_NO_OWNER);
      }
    }
    if (!exporter.hasPod()
        && !exporter.hasClaim()
        && kubernetes.isPresent()
        && reportExporterWithoutOwner) {
      // Held through a DRA claim and the exporter names nobody: its DRA mapping is off, a fact
      // about the exporter (one per target), not a disagreement about this GPU.
      return Optional.of(
          kubernetes.get().claimName() != null
              ? FindingReason.EXPORTER_WITHOUT_DRA_ATTRIBUTION
              : FindingReason.EXPORTER_HAS_NO_OWNER);
    }
    return Optional.empty();
  }

  private static boolean claimKnown(
      String cluster, DeviceOwner exporter, Map<String, ClaimState> claims) {
    if (exporter.draClaimNamespace() != null) {
      return claims.containsKey(
          Keys.claim(cluster, exporter.draClaimNamespace(), exporter.draClaimName()));
    }
    return claims.values().stream().anyMatch(c -> exporter.draClaimName().equals(c.name()));
  }

  private static String reservedPod(String cluster, ClaimState claim, Map<String, PodState> pods) {
    for (ObjectRef ref : claim.reservedFor()) {
      if ("Pod".equals(ref.kind()) && ref.name() != null) {
        String namespace = ref.namespace() != null ? ref.namespace() : claim.namespace();
        return Keys.pod(cluster, namespace, ref.name());
      }
    }
    for (Map.Entry<String, PodState> entry : pods.entrySet()) {
      PodState pod = entry.getValue();
      if (Objects.equals(pod.correlation().namespace(), claim.namespace())) {
        for (PodClaimRef ref : pod.claims()) {
          if (claim.name().equals(ref.resourceClaimName())) {
            return entry.getKey();
          }
        }
      }
    }
    return null;
  }
}
