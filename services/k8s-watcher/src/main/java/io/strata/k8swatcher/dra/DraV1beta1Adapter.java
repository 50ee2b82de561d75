package io.strata.k8swatcher.dra;

import io.fabric8.kubernetes.api.model.resource.v1beta1.AllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1beta1.DeviceAttribute;
import io.fabric8.kubernetes.api.model.resource.v1beta1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1beta1.ResourceSlice;
import io.strata.k8swatcher.mapping.Identity;
import java.util.List;

/** Reads resource.k8s.io/v1beta1 claims and slices into the version-neutral model. */
public final class DraV1beta1Adapter {

  private final List<String> uuidAttributes;

  public DraV1beta1Adapter(List<String> uuidAttributes) {
    this.uuidAttributes = List.copyOf(uuidAttributes);
  }

  public DraClaim claim(ResourceClaim claim) {
    Identity.requireNamespaced(claim);
    String namespace = claim.getMetadata().getNamespace();
    AllocationResult allocation =
        claim.getStatus() == null ? null : claim.getStatus().getAllocation();
    List<DraClaim.Result> results =
        allocation == null || allocation.getDevices() == null
            ? List.of()
            : DraCommon.nonNull(allocation.getDevices().getResults()).stream()
                .map(
                    r ->
                        new DraClaim.Result(
                            r.getRequest(),
                            r.getDriver(),
                            r.getPool(),
                            r.getDevice(),
                            r.getAdminAccess()))
                .toList();
    return new DraClaim(
        namespace,
        claim.getMetadata().getName(),
        claim.getMetadata().getUid(),
        "v1beta1",
        claim.getMetadata().getResourceVersion(),
        allocation != null,
        allocation == null ? null : DraCommon.boundNode(allocation.getNodeSelector()),
        results,
        claim.getStatus() == null
            ? List.of()
            : DraCommon.nonNull(claim.getStatus().getReservedFor()).stream()
                .map(
                    c ->
                        DraCommon.consumer(
                            namespace, c.getApiGroup(), c.getResource(), c.getName(), c.getUid()))
                .toList());
  }

  public DraSlice slice(ResourceSlice slice) {
    Identity.require(slice);
    String driver = slice.getSpec() == null ? null : slice.getSpec().getDriver();
    String pool =
        slice.getSpec() == null || slice.getSpec().getPool() == null
            ? null
            : slice.getSpec().getPool().getName();
    List<DraSlice.Device> devices =
        slice.getSpec() == null
            ? List.of()
            : DraCommon.nonNull(slice.getSpec().getDevices()).stream()
                .map(
                    device ->
                        new DraSlice.Device(
                            device.getName(),
                            DraCommon.uuid(
                                device.getBasic() == null
                                    ? null
                                    : device.getBasic().getAttributes(),
                                driver,
                                uuidAttributes,
                                DeviceAttribute::getString),
                            DraCommon.nonNull(
                                    device.getBasic() == null
                                        ? null
                                        : device.getBasic().getTaints())
                                .stream()
                                .map(
                                    t ->
                                        DraCommon.deviceTaint(
                                            t.getKey(),
                                            t.getValue(),
                                            t.getEffect(),
                                            DeviceCatalog.deviceId(driver, pool, device.getName())))
                                .toList()))
                .toList();
    return new DraSlice(slice.getMetadata().getName(), driver, pool, devices);
  }
}
