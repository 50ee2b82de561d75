package io.strata.events.k8s;

import java.time.Instant;
import java.util.List;

/**
 * The current state of one DRA ResourceClaim. Key: cluster/namespace/claim; a tombstone on delete.
 *
 * @param apiVersion the resource.k8s.io version it was read with (v1 or v1beta1)
 * @param node the node the allocation is bound to, when the allocation names one
 * @param reservedFor the pods the claim is reserved for
 * @param deviceTaints taints on the allocated devices from their ResourceSlices (KEP-5055)
 */
public record ClaimState(
    String cluster,
    String namespace,
    String name,
    String uid,
    String apiVersion,
    boolean allocated,
    String node,
    List<AllocatedDevice> devices,
    List<ObjectRef> reservedFor,
    List<Taint> deviceTaints,
    String resourceVersion,
    Instant observedAt) {

  public ClaimState {
    devices = devices == null ? List.of() : List.copyOf(devices);
    reservedFor = reservedFor == null ? List.of() : List.copyOf(reservedFor);
    deviceTaints = deviceTaints == null ? List.of() : List.copyOf(deviceTaints);
  }
}
