package io.strata.simulator.k8s;

import io.fabric8.kubernetes.api.model.NodeSelector;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.AllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.CELDeviceSelector;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceCapacity;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClassSpec;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceSelector;
import io.fabric8.kubernetes.api.model.resource.v1.ExactDeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimConsumerReference;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimSpec;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimStatus;
import io.fabric8.kubernetes.api.model.resource.v1.ResourcePool;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceSpec;
import io.strata.simulator.model.ClusterShape;
import io.strata.simulator.model.Gpu;
import io.strata.simulator.model.Node;
import io.strata.simulator.model.Pod;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * resource.k8s.io/v1 objects of the NVIDIA GPU DRA driver: a DeviceClass, one ResourceSlice per
 * node (pool = node name, devices gpu-&lt;index&gt; with a uuid attribute) and an allocated,
 * reserved ResourceClaim per DRA pod.
 */
final class DraObjects {

  private DraObjects() {}

  static DeviceClass deviceClass(Instant created) {
    DeviceClass deviceClass = new DeviceClass();
    deviceClass.setMetadata(
        WorkloadObjects.meta("DeviceClass", null, Labels.DRA_DRIVER, created, null));
    DeviceClassSpec spec = new DeviceClassSpec();
    DeviceSelector selector = new DeviceSelector();
    CELDeviceSelector cel = new CELDeviceSelector();
    cel.setExpression(
        "device.driver == 'gpu.nvidia.com' && device.attributes['gpu.nvidia.com'].type == 'gpu'");
    selector.setCel(cel);
    spec.setSelectors(List.of(selector));
    deviceClass.setSpec(spec);
    return deviceClass;
  }

  static ResourceSlice slice(Node node, ClusterShape shape, Instant created) {
    ResourceSlice slice = new ResourceSlice();
    slice.setMetadata(
        WorkloadObjects.meta(
            "ResourceSlice", null, node.name() + "-" + Labels.DRA_DRIVER, created, null));
    ResourceSliceSpec spec = new ResourceSliceSpec();
    spec.setDriver(Labels.DRA_DRIVER);
    spec.setNodeName(node.name());
    ResourcePool pool = new ResourcePool();
    pool.setName(node.name());
    pool.setGeneration(1L);
    pool.setResourceSliceCount(1L);
    spec.setPool(pool);
    List<Device> devices = new ArrayList<>();
    for (Gpu gpu : node.gpus()) {
      Device device = new Device();
      device.setName("gpu-" + gpu.index());
      Map<String, DeviceAttribute> attributes = new LinkedHashMap<>();
      attributes.put("type", string("gpu"));
      attributes.put("uuid", string(gpu.uuid()));
      attributes.put("productName", string(shape.modelName()));
      attributes.put("pcieBusID", string(gpu.pciBusId().toLowerCase(java.util.Locale.ROOT)));
      attributes.put("architecture", string("Hopper"));
      attributes.put("brand", string("Nvidia"));
      DeviceAttribute index = new DeviceAttribute();
      index.setInt((long) gpu.index());
      attributes.put("index", index);
      DeviceAttribute driverVersion = new DeviceAttribute();
      driverVersion.setVersion(shape.driverVersion());
      attributes.put("driverVersion", driverVersion);
      device.setAttributes(attributes);
      DeviceCapacity memory = new DeviceCapacity();
      memory.setValue(new Quantity("80Gi"));
      device.setCapacity(Map.of("memory", memory));
      devices.add(device);
    }
    spec.setDevices(devices);
    slice.setSpec(spec);
    return slice;
  }

  static ResourceClaim claim(Pod pod, Instant created) {
    ResourceClaim claim = new ResourceClaim();
    claim.setMetadata(
        WorkloadObjects.meta("ResourceClaim", pod.namespace(), pod.draClaim(), created, null));
    claim.getMetadata().setFinalizers(List.of("resource.kubernetes.io/delete-protection"));
    ExactDeviceRequest exactly = new ExactDeviceRequest();
    exactly.setDeviceClassName(Labels.DRA_DRIVER);
    exactly.setAllocationMode("ExactCount");
    exactly.setCount(1L);
    DeviceRequest request = new DeviceRequest();
    request.setName("gpu");
    request.setExactly(exactly);
    DeviceClaim devices = new DeviceClaim();
    devices.setRequests(List.of(request));
    ResourceClaimSpec spec = new ResourceClaimSpec();
    spec.setDevices(devices);
    claim.setSpec(spec);

    DeviceRequestAllocationResult result = new DeviceRequestAllocationResult();
    result.setRequest("gpu");
    result.setDriver(Labels.DRA_DRIVER);
    result.setPool(pod.node());
    result.setDevice("gpu-" + pod.gpuIndices().get(0));
    DeviceAllocationResult allocated = new DeviceAllocationResult();
    allocated.setResults(List.of(result));
    AllocationResult allocation = new AllocationResult();
    allocation.setDevices(allocated);
    allocation.setAllocationTimestamp(created.toString());
    NodeSelectorRequirement onNode = new NodeSelectorRequirement();
    onNode.setKey("metadata.name");
    onNode.setOperator("In");
    onNode.setValues(List.of(pod.node()));
    NodeSelectorTerm term = new NodeSelectorTerm();
    term.setMatchFields(List.of(onNode));
    NodeSelector selector = new NodeSelector();
    selector.setNodeSelectorTerms(List.of(term));
    allocation.setNodeSelector(selector);
    ResourceClaimConsumerReference consumer = new ResourceClaimConsumerReference();
    consumer.setApiGroup("");
    consumer.setResource("pods");
    consumer.setName(pod.name());
    consumer.setUid(pod.uid());
    ResourceClaimStatus status = new ResourceClaimStatus();
    status.setAllocation(allocation);
    status.setReservedFor(List.of(consumer));
    claim.setStatus(status);
    return claim;
  }

  private static DeviceAttribute string(String value) {
    DeviceAttribute attribute = new DeviceAttribute();
    attribute.setString(value);
    return attribute;
  }
}
