package io.strata.k8swatcher.dra;

import io.strata.events.k8s.ObjectRef;
import java.util.List;

/**
 * A ResourceClaim as k8s-watcher needs it, the same whatever resource.k8s.io version it was read
 * with.
 */
public record DraClaim(
    String namespace,
    String name,
    String uid,
    String apiVersion,
    String resourceVersion,
    boolean allocated,
    String node,
    List<Result> results,
    List<ObjectRef> reservedFor) {

  public DraClaim {
    results = List.copyOf(results);
    reservedFor = List.copyOf(reservedFor);
  }

  /** One status.allocation.devices.results[] entry. */
  public record Result(
      String request, String driver, String pool, String device, Boolean adminAccess) {}
}
