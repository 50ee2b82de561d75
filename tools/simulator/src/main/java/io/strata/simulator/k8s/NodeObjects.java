package io.strata.simulator.k8s;

import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.strata.simulator.model.ClusterShape;
import io.strata.simulator.model.Node;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/** Node objects as kubelet and GPU feature discovery leave them. */
final class NodeObjects {

  private NodeObjects() {}

  static io.fabric8.kubernetes.api.model.Node build(
      Node node, int index, ClusterShape shape, Instant created) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("kubernetes.io/hostname", node.name());
    labels.put("kubernetes.io/os", "linux");
    labels.put("kubernetes.io/arch", "amd64");
    labels.put("node.kubernetes.io/instance-type", "p5.48xlarge");
    labels.put("topology.kubernetes.io/region", "sim-region-1");
    labels.put("topology.kubernetes.io/zone", "sim-region-1" + (char) ('a' + index % 3));
    labels.put(Labels.GPU_PRODUCT, shape.gpuProduct());
    labels.put("nvidia.com/gpu.count", Integer.toString(shape.gpusPerNode()));
    labels.put("nvidia.com/gpu.memory", "81559");
    labels.put("nvidia.com/gpu.present", "true");
    Map<String, Quantity> capacity = new LinkedHashMap<>();
    capacity.put("cpu", new Quantity("192"));
    capacity.put("memory", new Quantity("2063731096Ki"));
    capacity.put("pods", new Quantity("110"));
    capacity.put(Labels.GPU_RESOURCE, new Quantity(Integer.toString(shape.gpusPerNode())));
    return new NodeBuilder()
        .withNewMetadata()
        .withName(node.name())
        .withUid(Owners.uid("Node", "", node.name()))
        .withCreationTimestamp(created.toString())
        .withLabels(labels)
        .endMetadata()
        .withNewSpec()
        .withUnschedulable(false)
        .endSpec()
        .withNewStatus()
        .withCapacity(capacity)
        .withAllocatable(capacity)
        .addNewCondition()
        .withType("Ready")
        .withStatus("True")
        .withReason("KubeletReady")
        .withMessage("kubelet is posting ready status")
        .withLastHeartbeatTime(created.toString())
        .withLastTransitionTime(created.toString())
        .endCondition()
        .addNewAddress()
        .withType("InternalIP")
        .withAddress(address(node.name()))
        .endAddress()
        .addNewAddress()
        .withType("Hostname")
        .withAddress(node.name())
        .endAddress()
        .withNewNodeInfo()
        .withKubeletVersion("v1.34.1")
        .withContainerRuntimeVersion("containerd://2.1.4")
        .withOsImage("Ubuntu 24.04.3 LTS")
        .withKernelVersion("6.8.0-1035-aws")
        .withOperatingSystem("linux")
        .withArchitecture("amd64")
        .endNodeInfo()
        .endStatus()
        .build();
  }

  static String address(String nodeName) {
    int h = Math.floorMod(nodeName.hashCode(), 250 * 250);
    return "10.0." + (h / 250 + 1) + "." + (h % 250 + 2);
  }
}
