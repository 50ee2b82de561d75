package io.strata.k8swatcher.identity;

import io.fabric8.kubernetes.api.model.OwnerReference;
import java.util.List;
import java.util.Optional;

/** Reads the owner references of a pod's controller (a ReplicaSet or a Job) from a cache. */
@FunctionalInterface
public interface OwnerLookup {

  /**
   * The owner references of {@code kind namespace/name}; empty when the object is not known (not in
   * the cache yet, or deleted), which is different from known with no owners.
   */
  Optional<List<OwnerReference>> ownersOf(String kind, String namespace, String name);
}
