package io.strata.correlator.core.node;

import io.strata.correlator.core.state.DeviceAnomalyDetector;
import io.strata.correlator.core.state.NodeView;
import io.strata.events.Correlation;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.HealthStatus;
import io.strata.events.device.XidAction;
import io.strata.events.device.XidEvent;
import io.strata.events.device.XidOrigin;
import io.strata.events.device.XidSource;
import io.strata.events.k8s.AllocatedDevice;
import io.strata.events.k8s.AllocatedResource;
import io.strata.events.k8s.ClaimState;
import io.strata.events.k8s.Condition;
import io.strata.events.k8s.NodeState;
import io.strata.events.k8s.ObjectRef;
import io.strata.events.k8s.PodPhase;
import io.strata.events.k8s.PodState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * One node of the DRA quickstart as the node side sees it. The GPU UUID, claim, namespace, pod and
 * driver names are those of the dcgm-exporter DRA example of the Kubernetes website
 * (device-ingest's test fixture)
 * (kubernetes-website_KubeletPodResourcesDynamicResources_dra_metrics.prom) and the k8s-dra
 * quickstart gpu-test3 spec.
 */
final class NodeFixtures {

  static final String CLUSTER = "c1";
  static final String NODE = "sc-starwars-xxxx";
  static final String NODE_KEY = CLUSTER + "/" + NODE;
  static final String GPU = "GPU-a4f34abc-7715-3560-dcea-7238b9611a45";
  static final String GPU_KEY = NODE_KEY + "/" + GPU;
  static final String NAMESPACE = "gpu-test3";
  static final String POD = "pod1";
  static final String POD_KEY = CLUSTER + "/" + NAMESPACE + "/" + POD;
  static final String CLAIM = "single-gpu";
  static final String CLAIM_KEY = CLUSTER + "/" + NAMESPACE + "/" + CLAIM;
  static final String DRIVER = "gpu.nvidia.com";
  static final String TARGET = "10.0.0.7:9400";
  static final String WORKLOAD = CLUSTER + "/" + NAMESPACE + "/serve";
  static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");

  private NodeFixtures() {}

  /** Handoff with the dev profile's 10 s window advance and 85 °C anomaly threshold. */
  static GpuHandoff handoff() {
    return new GpuHandoff(
        new DeviceAnomalyDetector(85.0), Duration.ofSeconds(10), NodeFixtures::workloadKey);
  }

  static GpuRef ref() {
    return new GpuRef(NODE_KEY, CLUSTER, NODE, GPU);
  }

  /** The workload key as the topology forms it, here cluster/namespace/workload. */
  static String workloadKey(Correlation correlation) {
    return correlation.workload() == null
        ? null
        : correlation.cluster() + "/" + correlation.namespace() + "/" + correlation.workload();
  }

  /** pod1 of workload "serve", holding the GPU through the device plugin when {@code holds}. */
  static PodState pod(String name, boolean holds) {
    return new PodState(
        "uid-" + name,
        Correlation.builder()
            .cluster(CLUSTER)
            .namespace(NAMESPACE)
            .workload("serve")
            .pod(name)
            .node(NODE)
            .build(),
        null,
        null,
        PodPhase.RUNNING,
        null,
        null,
        null,
        null,
        null,
        holds ? List.of(new AllocatedResource("ctr", "nvidia.com/gpu", GPU, "Healthy")) : null,
        0,
        null,
        "1",
        null,
        null);
  }

  /** The quickstart's claim single-gpu, allocated to the GPU and reserved for pod1. */
  static ClaimState claim() {
    return new ClaimState(
        CLUSTER,
        NAMESPACE,
        CLAIM,
        "claim-uid",
        "resource.k8s.io/v1",
        true,
        NODE,
        List.of(new AllocatedDevice("gpu", DRIVER, NODE, "gpu-0", GPU, null)),
        List.of(new ObjectRef("v1", "Pod", NAMESPACE, POD, "uid-" + POD)),
        null,
        "7",
        T0);
  }

  static NodeView nodeWithPod(boolean holds) {
    return NodeView.empty().withPod(POD_KEY, pod(POD, holds));
  }

  static DeviceOwner exporterPod(String pod) {
    return new DeviceOwner(
        NAMESPACE, pod, "ctr", null, null, null, null, null, null, null, null, null);
  }

  static DeviceOwner exporterClaim(String pod, String claim) {
    return new DeviceOwner(
        NAMESPACE, pod, "ctr", null, null, NAMESPACE, claim, DRIVER, NODE, "gpu-0", null, null);
  }

  static DeviceSample sample(DeviceOwner owner, HealthStatus health, Instant at) {
    return sample(GPU, TARGET, owner, health, at);
  }

  /** A sample of the DRA example's GPU 0; {@code gpuUuid} and {@code target} may be missing. */
  static DeviceSample sample(
      String gpuUuid, String target, DeviceOwner owner, HealthStatus health, Instant at) {
    return new DeviceSample(
        CLUSTER,
        NODE,
        gpuUuid,
        "0",
        "00000009:01:00.0",
        "nvidia0",
        "NVIDIA GH200 96GB HBM3",
        null,
        null,
        null,
        owner,
        health,
        null,
        null,
        null,
        target,
        at);
  }

  /** An XID with its catalog bucket and origin (NVIDIA's XID catalog). */
  static XidEvent xid(int xid, XidAction action, XidOrigin origin, Instant at) {
    return new XidEvent(
        "xid-" + xid + "-" + at.toEpochMilli(),
        CLUSTER,
        NODE,
        GPU,
        "0",
        xid,
        null,
        null,
        action,
        origin,
        XidSource.XID_ERRORS_COUNT,
        1,
        DeviceOwner.none(),
        TARGET,
        at);
  }

  /** A node object: Ready or not, cordoned or not. */
  static NodeState node(boolean ready, boolean cordoned) {
    return new NodeState(
        CLUSTER,
        NODE,
        !cordoned,
        cordoned,
        null,
        List.of(new Condition("Ready", ready ? "True" : "False", null, null, T0)),
        null,
        null,
        null,
        null,
        "3",
        T0);
  }
}
