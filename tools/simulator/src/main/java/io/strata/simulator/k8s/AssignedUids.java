package io.strata.simulator.k8s;

import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The uids the API server gave the objects the seeder created, by kind, namespace and name. The
 * builders write uids of their own (derived from the name), but the API server replaces them, so an
 * owner reference or a uid another object quotes must be rewritten to the real one before the
 * dependant is created. Kept apart from {@link ClusterSeeder} because both it and {@link
 * WorkloadSeeder} create objects that others point at; thread-safe, since pods are created in
 * parallel.
 */
final class AssignedUids {

  private final Map<String, String> uids = new ConcurrentHashMap<>();

  /** Remembers the uid the API server gave {@code created}; returns it unchanged. */
  <T extends HasMetadata> T track(T created) {
    uids.put(
        key(
            created.getKind(),
            created.getMetadata().getNamespace(),
            created.getMetadata().getName()),
        created.getMetadata().getUid());
    return created;
  }

  /** Points {@code object}'s owner references at the owners' real uids, where they are known. */
  <T extends HasMetadata> T withOwners(T object) {
    if (object.getMetadata().getOwnerReferences() != null) {
      object
          .getMetadata()
          .getOwnerReferences()
          .forEach(
              ref -> {
                String uid = of(ref.getKind(), object.getMetadata().getNamespace(), ref.getName());
                if (uid != null) {
                  ref.setUid(uid);
                }
              });
    }
    return object;
  }

  /** The uid the API server gave the object, or null if the seeder did not create it. */
  String of(String kind, String namespace, String name) {
    return uids.get(key(kind, namespace, name));
  }

  private static String key(String kind, String namespace, String name) {
    return kind + "/" + (namespace == null ? "" : namespace) + "/" + name;
  }
}
