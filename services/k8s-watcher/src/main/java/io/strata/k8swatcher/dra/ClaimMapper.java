package io.strata.k8swatcher.dra;

import io.strata.events.k8s.AllocatedDevice;
import io.strata.events.k8s.ClaimState;
import io.strata.events.k8s.Taint;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A claim plus what its ResourceSlices say about the allocated devices → {@link ClaimState}. */
public final class ClaimMapper {

  private final String cluster;

  public ClaimMapper(String cluster) {
    this.cluster = cluster;
  }

  public ClaimState map(DraClaim claim, DeviceCatalog catalog, Instant observedAt) {
    List<AllocatedDevice> devices = new ArrayList<>();
    List<Taint> taints = new ArrayList<>();
    for (DraClaim.Result result : claim.results()) {
      Optional<DraSlice.Device> published =
          catalog.device(result.driver(), result.pool(), result.device());
      devices.add(
          new AllocatedDevice(
              result.request(),
              result.driver(),
              result.pool(),
              result.device(),
              published.map(DraSlice.Device::uuid).orElse(null),
              result.adminAccess()));
      published.ifPresent(d -> taints.addAll(d.taints()));
    }
    return new ClaimState(
        cluster,
        claim.namespace(),
        claim.name(),
        claim.uid(),
        claim.apiVersion(),
        claim.allocated(),
        claim.node(),
        devices,
        claim.reservedFor(),
        taints,
        claim.resourceVersion(),
        observedAt);
  }

  /** The pool keys (driver/pool) a claim's allocation draws from: what a slice change affects. */
  public static List<String> poolKeys(DraClaim claim) {
    return claim.results().stream().map(r -> r.driver() + "/" + r.pool()).distinct().toList();
  }
}
