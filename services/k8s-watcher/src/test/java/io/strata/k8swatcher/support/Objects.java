package io.strata.k8swatcher.support;

import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.NodeSelectorBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import java.util.Map;

/**
 * Kubernetes objects shaped like a real GPU cluster's (labels the NVIDIA GPU operator sets, the
 * owner references controllers write, DRA objects as in NVIDIA's k8s-dra-driver-gpu demo specs).
 */
public final class Objects {

  public static final String H100 = "NVIDIA-H100-80GB-HBM3";

  private Objects() {}

  public static Node gpuNode(String name) {
    return new NodeBuilder()
        .withNewMetadata()
        .withName(name)
        .withUid("uid-node-" + name)
        .addToLabels("nvidia.com/gpu.product", H100)
        .addToLabels("nvidia.com/gpu.count", "8")
        .addToLabels("topology.kubernetes.io/zone", "eu-west-1a")
        .addToLabels("kubernetes.io/hostname", name)
        .endMetadata()
        .withNewSpec()
        .addNewTaint()
        .withKey("nvidia.com/gpu")
        .withValue("present")
        .withEffect("NoSchedule")
        .endTaint()
        .endSpec()
        .withNewStatus()
        .addToCapacity("nvidia.com/gpu", new Quantity("8"))
        .addToCapacity("cpu", new Quantity("96"))
        .addToAllocatable("nvidia.com/gpu", new Quantity("8"))
        .addToAllocatable("cpu", new Quantity("95"))
        .addNewCondition()
        .withType("Ready")
        .withStatus("True")
        .withReason("KubeletReady")
        .withMessage("kubelet is posting ready status")
        .withLastTransitionTime("2026-11-30T08:00:00Z")
        .endCondition()
        .endStatus()
        .build();
  }

  public static OwnerReference controller(String apiVersion, String kind, String name) {
    return new OwnerReferenceBuilder()
        .withApiVersion(apiVersion)
        .withKind(kind)
        .withName(name)
        .withUid("uid-" + kind.toLowerCase(java.util.Locale.ROOT) + "-" + name)
        .withController(true)
        .withBlockOwnerDeletion(true)
        .build();
  }

  /** A pod with one container limiting {@code gpus} nvidia.com/gpu. */
  public static PodBuilder gpuPod(String namespace, String name, int gpus) {
    return new PodBuilder()
        .withNewMetadata()
        .withNamespace(namespace)
        .withName(name)
        .withUid("uid-pod-" + name)
        .endMetadata()
        .withNewSpec()
        .addToContainers(
            new ContainerBuilder()
                .withName("main")
                .withImage("nvcr.io/nvidia/pytorch:24.10-py3")
                .withNewResources()
                .addToLimits("nvidia.com/gpu", new Quantity(Integer.toString(gpus)))
                // the API server defaults an extended resource's request to its limit
                .addToRequests("nvidia.com/gpu", new Quantity(Integer.toString(gpus)))
                .addToLimits("cpu", new Quantity("8"))
                .addToRequests("cpu", new Quantity("4"))
                .endResources()
                .build())
        .endSpec();
  }

  public static ContainerStatus oomKilledOnce(String container) {
    return new ContainerStatusBuilder()
        .withName(container)
        .withImage("nvcr.io/nvidia/pytorch:24.10-py3")
        .withRestartCount(1)
        .withReady(true)
        .withNewState()
        .withNewRunning()
        .withStartedAt("2026-11-30T11:00:00Z")
        .endRunning()
        .endState()
        .withNewLastState()
        .withNewTerminated()
        .withReason("OOMKilled")
        .withExitCode(137)
        .withFinishedAt("2026-11-30T10:59:58Z")
        .endTerminated()
        .endLastState()
        .addNewAllocatedResourcesStatus()
        .withName("nvidia.com/gpu")
        .addNewResource()
        .withResourceID("GPU-3b5c2b8e-5f47-2a8d-63b4-1c0e6f7a9d10")
        .withHealth("Healthy")
        .endResource()
        .endAllocatedResourcesStatus()
        .build();
  }

  public static ResourceSlice slice(String node) {
    return new ResourceSliceBuilder()
        .withNewMetadata()
        .withName(node + "-gpu.nvidia.com-x2k9q")
        .endMetadata()
        .withNewSpec()
        .withDriver("gpu.nvidia.com")
        .withNodeName(node)
        .withNewPool()
        .withName(node)
        .withGeneration(1L)
        .withResourceSliceCount(1L)
        .endPool()
        .addNewDevice()
        .withName("gpu-0")
        .addToAttributes("type", attribute("gpu"))
        .addToAttributes("uuid", attribute("GPU-a1b2c3d4-0000-1111-2222-333344445555"))
        .addToAttributes("productName", attribute("NVIDIA H100 80GB HBM3"))
        .endDevice()
        .addNewDevice()
        .withName("gpu-1")
        .addToAttributes("type", attribute("gpu"))
        .addToAttributes("uuid", attribute("GPU-e5f6a7b8-6666-7777-8888-9999aaaabbbb"))
        .addToAttributes("productName", attribute("NVIDIA H100 80GB HBM3"))
        .addNewTaint()
        .withKey("gpu.nvidia.com/xid")
        .withValue("79")
        .withEffect("NoSchedule")
        .endTaint()
        .endDevice()
        .endSpec()
        .build();
  }

  /** A claim allocated gpu-1 of {@code node}, reserved for {@code pod}. */
  public static ResourceClaim allocatedClaim(String namespace, String name, String node, Pod pod) {
    return new ResourceClaimBuilder()
        .withNewMetadata()
        .withNamespace(namespace)
        .withName(name)
        .withUid("uid-claim-" + name)
        .endMetadata()
        .withNewSpec()
        .withNewDevices()
        .addNewRequest()
        .withName("gpu")
        .withNewExactly()
        .withDeviceClassName("gpu.nvidia.com")
        .withAllocationMode("ExactCount")
        .withCount(1L)
        .endExactly()
        .endRequest()
        .endDevices()
        .endSpec()
        .withNewStatus()
        .withNewAllocation()
        .withNewDevices()
        .addNewResult()
        .withRequest("gpu")
        .withDriver("gpu.nvidia.com")
        .withPool(node)
        .withDevice("gpu-1")
        .endResult()
        .endDevices()
        .withNodeSelector(
            new NodeSelectorBuilder()
                .addNewNodeSelectorTerm()
                .addNewMatchField()
                .withKey("metadata.name")
                .withOperator("In")
                .withValues(node)
                .endMatchField()
                .endNodeSelectorTerm()
                .build())
        .endAllocation()
        .addNewReservedFor()
        .withResource("pods")
        .withName(pod.getMetadata().getName())
        .withUid(pod.getMetadata().getUid())
        .endReservedFor()
        .endStatus()
        .build();
  }

  public static Event event(
      String namespace, String name, Pod involved, String reason, String message, int count) {
    return new EventBuilder()
        .withNewMetadata()
        .withNamespace(namespace)
        .withName(name)
        .withUid("uid-event-" + name)
        .endMetadata()
        .withNewInvolvedObject()
        .withApiVersion("v1")
        .withKind("Pod")
        .withNamespace(involved.getMetadata().getNamespace())
        .withName(involved.getMetadata().getName())
        .withUid(involved.getMetadata().getUid())
        .endInvolvedObject()
        .withReason(reason)
        .withMessage(message)
        .withType("Warning")
        .withCount(count)
        .withFirstTimestamp("2026-11-30T11:50:00Z")
        .withLastTimestamp("2026-11-30T11:50:00Z")
        .withNewSource()
        .withComponent("default-scheduler")
        .endSource()
        .build();
  }

  private static io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute attribute(
      String value) {
    return new io.fabric8.kubernetes.api.model.resource.v1.DeviceAttributeBuilder()
        .withString(value)
        .build();
  }

  public static Map<String, Long> gpus(long count) {
    return Map.of("nvidia.com/gpu", count);
  }
}
