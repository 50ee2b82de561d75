package io.strata.k8swatcher.kafka;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.strata.kafka.publish.OfferResult;
import io.strata.kafka.publish.OutboundRecord;

/** The publisher's counters, tagged by topic. */
final class PublisherMetrics {

  /** Gauge of distinct records waiting for Kafka. */
  static final String PENDING = "strata.k8s.watcher.buffer.pending";

  private final MeterRegistry registry;

  PublisherMetrics(MeterRegistry registry) {
    this.registry = registry;
  }

  void published(OutboundRecord record) {
    counter(
            "strata.k8s.watcher.records.published",
            "Records acknowledged by Kafka",
            record.topic(),
            record.tombstone() ? "tombstone" : "record")
        .increment();
  }

  void failed(OutboundRecord record) {
    counter(
            "strata.k8s.watcher.records.failed",
            "Records Kafka did not acknowledge within the delivery timeout",
            record.topic(),
            record.tombstone() ? "tombstone" : "record")
        .increment();
  }

  void offered(OutboundRecord record, OfferResult result) {
    Counter.builder("strata.k8s.watcher.buffer.offers")
        .description(
            "Records offered to the outbound buffer, by result (queued, coalesced, refused)")
        .tag("topic", record.topic())
        .tag("result", result.name().toLowerCase(java.util.Locale.ROOT))
        .register(registry)
        .increment();
  }

  private Counter counter(String name, String description, String topic, String kind) {
    return Counter.builder(name)
        .description(description)
        .tag("topic", topic)
        .tag("kind", kind)
        .register(registry);
  }
}
