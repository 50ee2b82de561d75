package io.strata.deviceingest.publish;

import io.strata.events.topic.NodePartitioner;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;

/** The producer configuration of device-ingest's publisher. */
final class ProducerSettings {

  private ProducerSettings() {}

  static Map<String, Object> of(PublisherSettings publish) {
    return Map.ofEntries(
        Map.entry(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, publish.bootstrapServers()),
        Map.entry(ProducerConfig.CLIENT_ID_CONFIG, "strata-device-ingest"),
        Map.entry(ProducerConfig.ACKS_CONFIG, "all"),
        Map.entry(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true),
        Map.entry(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 5),
        // Samples and XIDs are node-partitioned by contract (docs/EVENTS.md "Partitioning is part
        // of the contract"); the partitioner keeps Kafka's key hash for findings.
        Map.entry(ProducerConfig.PARTITIONER_CLASS_CONFIG, NodePartitioner.class.getName()),
        Map.entry(ProducerConfig.LINGER_MS_CONFIG, (int) publish.linger().toMillis()),
        Map.entry(ProducerConfig.MAX_BLOCK_MS_CONFIG, publish.maxBlock().toMillis()),
        Map.entry(
            ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int) publish.deliveryTimeout().toMillis()),
        Map.entry(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, requestTimeoutMs(publish)));
  }

  /** Kafka insists on delivery.timeout.ms >= linger.ms + request.timeout.ms. */
  private static int requestTimeoutMs(PublisherSettings publish) {
    long room = publish.deliveryTimeout().toMillis() - publish.linger().toMillis();
    if (room < 1000) {
      throw new IllegalArgumentException(
          "strata.device-ingest.publish.delivery-timeout must exceed publish.linger by at least"
              + " 1s: "
              + publish.deliveryTimeout());
    }
    return (int) Math.min(30_000, room);
  }
}
