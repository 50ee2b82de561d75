package io.strata.k8swatcher.publish;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/** The publisher's counters, tagged by topic. */
final class PublisherMetrics {

  private final MeterRegistry registry;

  PublisherMetrics(MeterRegistry registry) {
    this.registry = registry;
  }

  void published(Outbound record) {
    counter(
            "strata.k8swatcher.records.published",
            "Records acknowledged by Kafka",
            record.topic(),
            record.tombstone() ? "tombstone" : "record")
        .increment();
  }

  void failed(Outbound record) {
    counter(
            "strata.k8swatcher.records.failed",
            "Records Kafka did not acknowledge within the delivery timeout",
            record.topic(),
            record.tombstone() ? "tombstone" : "record")
        .increment();
  }

  void offered(Outbound record, OutboundBuffer.OfferResult result) {
    Counter.builder("strata.k8swatcher.buffer.offers")
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
