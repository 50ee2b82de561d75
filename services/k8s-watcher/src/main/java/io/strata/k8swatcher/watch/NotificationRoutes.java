package io.strata.k8swatcher.watch;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReference;
import java.util.List;
import java.util.Objects;

/**
 * What each informer's notifications ask of the emitter: a pod or an Event is mapped, a node is
 * mapped and may send its pods to be mapped again, a ReplicaSet or Job sends the pods it owns to be
 * mapped again. Separate from {@link Watcher}, which only starts and stops things: these routes are
 * how the published state follows the cluster, and they need no Quarkus. The DRA informers route
 * themselves ({@link DraWatch#handle}), since only they know their API version's model.
 */
final class NotificationRoutes {

  private final StateEmitter emitter;
  private final WatchMetrics metrics;

  NotificationRoutes(StateEmitter emitter, WatchMetrics metrics) {
    this.emitter = emitter;
    this.metrics = metrics;
  }

  /** Registers a handler on every informer of {@code caches}. */
  void attach(ClusterCaches caches) {
    caches.pods.handle(
        new Notifications<>(
            "pods", metrics, emitter::pod, (old, pod) -> emitter.pod(pod), emitter::podDeleted));
    caches.nodes.handle(
        new Notifications<>(
            "nodes",
            metrics,
            node -> {
              emitter.node(node);
              emitter.podsOnNode(node.getMetadata().getName());
            },
            (old, node) -> {
              emitter.node(node);
              if (!Objects.equals(emitter.acceleratorType(old), emitter.acceleratorType(node))) {
                emitter.podsOnNode(node.getMetadata().getName());
              }
            },
            emitter::nodeDeleted));
    caches.replicaSets.handle(ownerNotifications("replicasets"));
    caches.jobs.handle(ownerNotifications("jobs"));
    caches.events.handle(
        new Notifications<>(
            "events",
            metrics,
            emitter::event,
            (old, current) -> {
              if (!Notifications.isResync(old, current)) {
                emitter.event(current);
              }
            },
            deleted -> {}));
    if (caches.dra != null) {
      caches.dra.handle(emitter, metrics);
    }
  }

  /**
   * A ReplicaSet or Job that arrives after its pods (or gains an owner) completes their workload
   * identity: map those pods again.
   */
  private <T extends HasMetadata> Notifications<T> ownerNotifications(String resource) {
    return new Notifications<>(
        resource,
        metrics,
        owner -> emitter.podsOwnedBy(owner.getMetadata().getUid()),
        (old, owner) -> {
          if (!Objects.equals(owners(old), owners(owner))) {
            emitter.podsOwnedBy(owner.getMetadata().getUid());
          }
        },
        deleted -> {});
  }

  private static List<OwnerReference> owners(HasMetadata object) {
    return object.getMetadata().getOwnerReferences();
  }
}
