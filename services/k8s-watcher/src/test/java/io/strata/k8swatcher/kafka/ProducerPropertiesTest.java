package io.strata.k8swatcher.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.junit.jupiter.api.Test;

/** The watcher's producer: reliable, and node-partitioned for strata.k8s.nodes.v1. */
class ProducerPropertiesTest {

  @Test
  void theWatchersProducerPartitionsNodeRecordsByNodeAndIsIdempotent() {
    Map<String, Object> props =
        KafkaPublisher.producerProperties("kafka:9092", Duration.ofMinutes(2), Map.of());

    // docs/EVENTS.md, "Partitioning is part of the contract": strata.k8s.nodes.v1 is NODE.
    assertThat(props)
        .containsEntry(
            ProducerConfig.PARTITIONER_CLASS_CONFIG, "io.strata.events.topic.NodePartitioner")
        .containsEntry(ProducerConfig.CLIENT_ID_CONFIG, "strata-k8s-watcher")
        .containsEntry(ProducerConfig.ACKS_CONFIG, "all")
        .containsEntry(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true)
        .containsEntry(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 120_000)
        .containsEntry(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 15_000)
        .containsEntry(ProducerConfig.LINGER_MS_CONFIG, 5)
        .containsEntry(ProducerConfig.MAX_BLOCK_MS_CONFIG, 30_000L);
  }

  @Test
  void theWatchersProducerCarriesTheServicesSecuritySettings() {
    Map<String, Object> props =
        KafkaPublisher.producerProperties(
            "kafka:9093",
            Duration.ofMinutes(2),
            Map.of("security.protocol", "SASL_SSL", "sasl.mechanism", "SCRAM-SHA-512"));

    assertThat(props)
        .containsEntry("security.protocol", "SASL_SSL")
        .containsEntry("sasl.mechanism", "SCRAM-SHA-512")
        .containsEntry(ProducerConfig.ACKS_CONFIG, "all");
  }
}
