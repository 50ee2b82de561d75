package io.strata.k8swatcher.watch;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.strata.k8swatcher.mapping.MappingFailure;

/** Counters of what the informers deliver and what becomes of it. */
public final class WatchMetrics {

  private final MeterRegistry registry;

  public WatchMetrics(MeterRegistry registry) {
    this.registry = registry;
  }

  /** action: add, update, resync, delete. */
  void notification(String resource, String action) {
    Counter.builder("strata.k8s.watcher.informer.notifications")
        .description("Informer notifications, by resource and action")
        .tag("resource", resource)
        .tag("action", action)
        .register(registry)
        .increment();
  }

  void mappingFailure(String resource, MappingFailure reason) {
    Counter.builder("strata.k8s.watcher.mapping.failures")
        .description("Objects that could not be mapped to a record, by reason")
        .tag("resource", resource)
        .tag("reason", reason.name())
        .register(registry)
        .increment();
  }

  void eventSkipped() {
    Counter.builder("strata.k8s.watcher.events.skipped")
        .description("Kubernetes events not published: not about GPU work")
        .register(registry)
        .increment();
  }

  void republished(String topic) {
    Counter.builder("strata.k8s.watcher.republishes")
        .description("Full republishes of a topic's state, after a drop or a failed send")
        .tag("topic", topic)
        .register(registry)
        .increment();
  }
}
