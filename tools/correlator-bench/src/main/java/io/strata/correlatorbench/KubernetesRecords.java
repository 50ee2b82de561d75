package io.strata.correlatorbench;

import static io.strata.correlatorbench.FleetShape.CLUSTER;
import static io.strata.correlatorbench.FleetShape.NAMESPACE;

import io.strata.correlatorbench.FleetShape.Node;
import io.strata.correlatorbench.FleetShape.Pod;
import io.strata.events.Correlation;
import io.strata.events.k8s.AllocatedDevice;
import io.strata.events.k8s.AllocatedResource;
import io.strata.events.k8s.ClaimState;
import io.strata.events.k8s.Condition;
import io.strata.events.k8s.ContainerState;
import io.strata.events.k8s.NodeState;
import io.strata.events.k8s.ObjectRef;
import io.strata.events.k8s.PodClaimRef;
import io.strata.events.k8s.PodPhase;
import io.strata.events.k8s.PodState;
import io.strata.events.k8s.WorkloadEvent;
import io.strata.events.k8s.WorkloadEventReason;
import io.strata.events.k8s.WorkloadKind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Node, pod, claim and event records as k8s-watcher publishes them (shapes from its PodMapper /
 * NodeMapper and the correlator's scenario fixtures): device-plugin pods list their GPUs in
 * allocatedResources; DRA pods name a claim, and the claim's allocation names the GPUs.
 */
final class KubernetesRecords {

  static final String GPU_RESOURCE = "nvidia.com/gpu";
  static final String DRA_DRIVER = "gpu.nvidia.com";
  static final String ACCELERATOR = "NVIDIA-H100-80GB-HBM3";
  static final String CONTAINER = "server";
  static final String MODEL_VERSION = "v1";

  private KubernetesRecords() {}

  static NodeState node(Node node, Instant at) {
    return new NodeState(
        CLUSTER,
        node.name(),
        true,
        false,
        List.of(),
        List.of(new Condition("Ready", "True", "KubeletReady", "kubelet is posting ready", at)),
        Map.of(GPU_RESOURCE, (long) node.gpus().size()),
        Map.of(GPU_RESOURCE, (long) node.gpus().size()),
        ACCELERATOR,
        Map.of("nvidia.com/gpu.product", ACCELERATOR, "topology.kubernetes.io/zone", "zone-a"),
        "1",
        at);
  }

  static Correlation correlation(Pod pod) {
    return Correlation.builder()
        .cluster(CLUSTER)
        .namespace(NAMESPACE)
        .workload(pod.workload())
        .pod(pod.name())
        .node(pod.node())
        .modelVersion(MODEL_VERSION)
        .acceleratorType(ACCELERATOR)
        .build();
  }

  static String claimName(Pod pod) {
    return pod.name() + "-gpu";
  }

  static PodState pod(Pod pod, boolean dra, Instant at) {
    Map<String, Long> gpus = dra ? Map.of() : Map.of(GPU_RESOURCE, (long) pod.gpus().size());
    List<AllocatedResource> allocated = new ArrayList<>();
    if (!dra) {
      for (String gpu : pod.gpus()) {
        allocated.add(new AllocatedResource(CONTAINER, GPU_RESOURCE, gpu, "Healthy"));
      }
    }
    return new PodState(
        "uid-" + pod.name(),
        correlation(pod),
        WorkloadKind.DEPLOYMENT,
        null,
        PodPhase.RUNNING,
        List.of(
            new Condition("PodScheduled", "True", null, null, at),
            new Condition("Ready", "True", null, null, at)),
        List.of(
            new ContainerState(
                CONTAINER, "registry.local/llm-server:1.0", gpus, gpus, 0, true, null, null)),
        gpus,
        gpus,
        dra ? List.of(new PodClaimRef("gpu", claimName(pod))) : List.of(),
        allocated,
        0,
        null,
        "1",
        at,
        at);
  }

  /** The DRA claim of a pod: allocated on the pod's node, one device per GPU, reserved for it. */
  static ClaimState claim(Pod pod, Instant at) {
    List<AllocatedDevice> devices = new ArrayList<>();
    for (int i = 0; i < pod.gpus().size(); i++) {
      devices.add(
          new AllocatedDevice(
              "gpu", DRA_DRIVER, pod.node(), draDevice(pod, i), pod.gpus().get(i), false));
    }
    return new ClaimState(
        CLUSTER,
        NAMESPACE,
        claimName(pod),
        "uid-" + claimName(pod),
        "v1",
        true,
        pod.node(),
        devices,
        List.of(new ObjectRef("v1", "Pod", NAMESPACE, pod.name(), "uid-" + pod.name())),
        List.of(),
        "1",
        at);
  }

  static String draDevice(Pod pod, int i) {
    return "gpu-" + pod.indexes().get(i);
  }

  /** The image-pulled event every pod's start leaves behind: healthy, never evidence. */
  static WorkloadEvent pulled(Pod pod, Instant at) {
    return new WorkloadEvent(
        "ev-pulled-" + pod.name(),
        CLUSTER,
        new ObjectRef("v1", "Pod", NAMESPACE, pod.name(), "uid-" + pod.name()),
        WorkloadEventReason.PULLED,
        WorkloadEventReason.PULLED.kubernetesReason(),
        "Normal",
        "Successfully pulled image \"registry.local/llm-server:1.0\"",
        1,
        at,
        at,
        "kubelet",
        Correlation.builder()
            .cluster(CLUSTER)
            .namespace(NAMESPACE)
            .workload(pod.workload())
            .pod(pod.name())
            .build(),
        at);
  }
}
