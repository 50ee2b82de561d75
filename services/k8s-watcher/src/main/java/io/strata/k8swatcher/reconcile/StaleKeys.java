package io.strata.k8swatcher.reconcile;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which keys of a compacted topic describe objects that no longer exist: live on the topic (latest
 * value not a tombstone), of this watcher's cluster and namespace scope, and absent from the
 * informer caches. What a watcher that was down while objects were deleted must tombstone.
 */
public final class StaleKeys {

  private StaleKeys() {}

  /**
   * @param namespaced whether the topic's keys are cluster/namespace/name (pods, claims) rather
   *     than cluster/name (nodes)
   * @param namespaces the watched namespaces; empty means all
   */
  public static Set<String> of(
      Set<String> liveOnTopic,
      Set<String> current,
      String cluster,
      boolean namespaced,
      Optional<List<String>> namespaces) {
    Set<String> stale = new TreeSet<>();
    String prefix = cluster + "/";
    for (String key : liveOnTopic) {
      if (!key.startsWith(prefix) || current.contains(key)) {
        continue;
      }
      String[] parts = key.substring(prefix.length()).split("/", -1);
      if (parts.length != (namespaced ? 2 : 1)) {
        continue;
      }
      if (namespaced
          && namespaces.filter(list -> !list.isEmpty()).isPresent()
          && !namespaces.get().contains(parts[0])) {
        continue;
      }
      stale.add(key);
    }
    return stale;
  }
}
