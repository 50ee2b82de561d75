package io.strata.watcherbench;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttributeBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import java.util.List;
import java.util.stream.IntStream;

/**
 * A GPU node as kubelet and GPU feature discovery publish it (labels, images, node info, managed
 * fields), and its DRA driver's ResourceSlice (resource.k8s.io/v1, one device per GPU).
 */
final class NodeObjects {

  static final String DRIVER = "gpu.nvidia.com";

  private NodeObjects() {}

  static Node node(FleetShape shape, int index) {
    String name = String.format("gpu-node-%05d", index);
    NodeBuilder node =
        new NodeBuilder()
            .withNewMetadata()
            .withName(name)
            .addToLabels("kubernetes.io/hostname", name)
            .addToLabels("kubernetes.io/os", "linux")
            .addToLabels("kubernetes.io/arch", "amd64")
            .addToLabels("node.kubernetes.io/instance-type", "p5.48xlarge")
            .addToLabels("topology.kubernetes.io/region", "eu-west-1")
            .addToLabels("topology.kubernetes.io/zone", "eu-west-1" + "abc".charAt(index % 3))
            .addToLabels("nvidia.com/gpu.product", "NVIDIA-H100-80GB-HBM3")
            .addToLabels("nvidia.com/gpu.count", Integer.toString(shape.gpusPerNode()))
            .addToLabels("nvidia.com/gpu.memory", "81559")
            .addToLabels("nvidia.com/gpu.family", "hopper")
            .addToLabels("nvidia.com/cuda.driver.major", "570")
            .addToLabels("nvidia.com/cuda.runtime.major", "12")
            .addToLabels("nvidia.com/mig.capable", "true")
            .addToLabels("nvidia.com/mig.strategy", "single")
            .addToLabels("feature.node.kubernetes.io/pci-10de.present", "true")
            .addToLabels("feature.node.kubernetes.io/kernel-version.full", "6.8.0-1019-aws")
            .addToAnnotations("node.alpha.kubernetes.io/ttl", "0")
            .addToAnnotations("volumes.kubernetes.io/controller-managed-attach-detach", "true")
            .addToAnnotations(
                "nfd.node.kubernetes.io/feature-labels",
                "cpu-cpuid.AVX512F,cpu-cpuid.AMXBF16,kernel-version.full,pci-10de.present")
            .withManagedFields(
                ManagedFields.entry(
                    "kubelet",
                    "status",
                    List.of(
                        "status.allocatable",
                        "status.capacity",
                        "status.conditions",
                        "status.images",
                        "status.nodeInfo")))
            .endMetadata()
            .withNewSpec()
            .withProviderID("aws:///eu-west-1a/i-0" + Integer.toHexString(0x1000000 + index))
            .addNewTaint()
            .withKey("nvidia.com/gpu")
            .withValue("present")
            .withEffect("NoSchedule")
            .endTaint()
            .endSpec()
            .withNewStatus()
            .addToCapacity("nvidia.com/gpu", new Quantity(Integer.toString(shape.gpusPerNode())))
            .addToCapacity("cpu", new Quantity("192"))
            .addToCapacity("memory", new Quantity("2097152Mi"))
            .addToAllocatable("nvidia.com/gpu", new Quantity(Integer.toString(shape.gpusPerNode())))
            .addToAllocatable("cpu", new Quantity("191450m"))
            .addToAllocatable("memory", new Quantity("2080000Mi"))
            .addNewAddress("172.16." + (index / 256) + "." + (index % 256), "InternalIP")
            .addNewAddress(name, "Hostname")
            .withNewNodeInfo()
            .withKubeletVersion("v1.34.1")
            .withContainerRuntimeVersion("containerd://2.0.5")
            .withKernelVersion("6.8.0-1019-aws")
            .withOsImage("Ubuntu 24.04.1 LTS")
            .withOperatingSystem("linux")
            .withArchitecture("amd64")
            .withMachineID(Integer.toHexString(index) + "f".repeat(28))
            .withSystemUUID("ec2" + Integer.toHexString(index) + "-0000-0000-0000-000000000000")
            .withBootID("b007" + Integer.toHexString(index) + "-1111-2222-3333-444455556666")
            .endNodeInfo()
            .endStatus();
    for (String condition :
        List.of("MemoryPressure", "DiskPressure", "PIDPressure", "NetworkUnavailable")) {
      node.editStatus()
          .addNewCondition()
          .withType(condition)
          .withStatus("False")
          .withReason("KubeletHas" + condition.replace("Pressure", "NoPressure"))
          .withMessage("kubelet has no " + condition)
          .withLastHeartbeatTime("2026-12-01T08:00:00Z")
          .withLastTransitionTime("2026-11-20T08:00:00Z")
          .endCondition()
          .endStatus();
    }
    node.editStatus()
        .addNewCondition()
        .withType("Ready")
        .withStatus("True")
        .withReason("KubeletReady")
        .withMessage("kubelet is posting ready status")
        .withLastHeartbeatTime("2026-12-01T08:00:00Z")
        .withLastTransitionTime("2026-11-20T08:00:00Z")
        .endCondition()
        .endStatus();
    for (int i = 0; i < 24; i++) {
      node.editStatus()
          .addNewImage()
          .withNames(
              "registry.example.com/platform/image-" + i + "@sha256:" + "ab".repeat(32),
              "registry.example.com/platform/image-" + i + ":2026.11." + i)
          .withSizeBytes(800_000_000L + i * 10_000_000L)
          .endImage()
          .endStatus();
    }
    return node.build();
  }

  static ResourceSlice slice(FleetShape shape, int index) {
    String node = String.format("gpu-node-%05d", index);
    return new ResourceSliceBuilder()
        .withNewMetadata()
        .withName(node + "-" + DRIVER + "-x2k9q")
        .endMetadata()
        .withNewSpec()
        .withDriver(DRIVER)
        .withNodeName(node)
        .withNewPool()
        .withName(node)
        .withGeneration(1L)
        .withResourceSliceCount(1L)
        .endPool()
        .withDevices(
            IntStream.range(0, shape.gpusPerNode())
                .mapToObj(
                    gpu ->
                        new DeviceBuilder()
                            .withName("gpu-" + gpu)
                            .addToAttributes(
                                "uuid",
                                new DeviceAttributeBuilder()
                                    .withString(
                                        String.format("GPU-%08x-0000-4000-8000-%012x", index, gpu))
                                    .build())
                            .addToAttributes(
                                "productName",
                                new DeviceAttributeBuilder()
                                    .withString("NVIDIA H100 80GB HBM3")
                                    .build())
                            .build())
                .toList())
        .endSpec()
        .build();
  }
}
