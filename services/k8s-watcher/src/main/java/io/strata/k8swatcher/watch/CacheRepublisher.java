package io.strata.k8swatcher.watch;

import io.strata.events.topic.Topics;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * Publishes the full current state of whole topics again from the informer caches: how a record the
 * publisher dropped (full buffer) or Kafka refused is made good, since the caches hold the truth.
 * Separate from {@link Watcher}, which decides when a republish runs and on which thread; this
 * holds what one sends, and needs no Quarkus.
 */
final class CacheRepublisher {

  private static final Logger LOG = Logger.getLogger(CacheRepublisher.class);

  private final ClusterCaches caches;
  private final StateEmitter emitter;
  private final WatchMetrics metrics;

  CacheRepublisher(ClusterCaches caches, StateEmitter emitter, WatchMetrics metrics) {
    this.caches = caches;
    this.emitter = emitter;
    this.metrics = metrics;
  }

  /** Every cached object of each topic, through the emitter as if it had just changed. */
  void republish(Set<String> topics) {
    LOG.infof("republishing %s from the informer caches", topics);
    for (String topic : topics) {
      metrics.republished(topic);
      if (topic.equals(Topics.K8S_PODS.name())) {
        caches.pods.list().forEach(pod -> guarded(() -> emitter.pod(pod)));
      } else if (topic.equals(Topics.K8S_NODES.name())) {
        caches.nodes.list().forEach(node -> guarded(() -> emitter.node(node)));
      } else if (topic.equals(Topics.K8S_CLAIMS.name())) {
        caches.allClaims().forEach(claim -> guarded(() -> emitter.claim(claim)));
      } else if (topic.equals(Topics.K8S_EVENTS.name())) {
        caches.events.list().forEach(e -> guarded(() -> emitter.event(e)));
      }
    }
  }

  /** One object that cannot be mapped must not stop the rest of the topic's republish. */
  private static void guarded(Runnable action) {
    try {
      action.run();
    } catch (RuntimeException e) {
      LOG.warnf("republish skipped an object: %s", e.toString());
    }
  }
}
