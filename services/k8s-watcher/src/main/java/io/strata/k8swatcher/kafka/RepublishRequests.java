package io.strata.k8swatcher.kafka;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Topics whose full state must be published again because a record for them was refused by the full
 * buffer or failed in Kafka. The watcher serves these from its informer caches.
 */
@ApplicationScoped
public class RepublishRequests {

  private final Set<String> topics = ConcurrentHashMap.newKeySet();

  public void request(String topic) {
    topics.add(topic);
  }

  /** The requested topics, clearing them. */
  public Set<String> take() {
    Set<String> taken = Set.copyOf(topics);
    topics.removeAll(taken);
    return taken;
  }

  public boolean pending() {
    return !topics.isEmpty();
  }
}
