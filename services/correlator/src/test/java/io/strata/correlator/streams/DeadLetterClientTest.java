package io.strata.correlator.streams;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.apache.kafka.common.config.types.Password;
import org.junit.jupiter.api.Test;

/**
 * The dead-letter producer connects like the Streams app: its brokers, its security settings and
 * the service's kafka.* ones, with Strata's reliable producer settings and a client id of its own.
 */
class DeadLetterClientTest {

  private static final String JAAS =
      "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"u\" password=\"p\";";

  @Test
  void takesBrokersAndSecurityFromTheStreamsConfigAndIsReliable() {
    Map<String, Object> streams =
        Map.of(
            "bootstrap.servers", "kafka-0:9093",
            "security.protocol", "SASL_SSL",
            "sasl.mechanism", "SCRAM-SHA-512",
            "sasl.jaas.config", new Password(JAAS),
            "transactional.id", "strata-correlator-1",
            "client.id", "strata-correlator-StreamThread-1",
            "application.id", "strata-correlator");

    Map<String, Object> config = DeadLetterClient.producerConfig(streams, Map.of());

    assertThat(config)
        .containsEntry("bootstrap.servers", "kafka-0:9093")
        .containsEntry("security.protocol", "SASL_SSL")
        .containsEntry("sasl.mechanism", "SCRAM-SHA-512")
        .containsEntry("sasl.jaas.config", JAAS)
        .containsEntry("client.id", "strata-correlator-deadletter")
        .containsEntry("acks", "all")
        .containsEntry("enable.idempotence", true)
        .doesNotContainKeys("transactional.id", "application.id");
  }

  @Test
  void theServicesKafkaSecurityFillsWhatTheStreamsConfigLacks() {
    Map<String, Object> streams =
        Map.of("bootstrap.servers", "kafka-0:9093", "security.protocol", "SASL_SSL");
    Map<String, Object> kafkaSecurity =
        Map.of(
            "security.protocol", "SASL_PLAINTEXT",
            "ssl.truststore.certificates", "-----BEGIN CERTIFICATE-----");

    Map<String, Object> config = DeadLetterClient.producerConfig(streams, kafkaSecurity);

    assertThat(config)
        .containsEntry("security.protocol", "SASL_SSL")
        .containsEntry("ssl.truststore.certificates", "-----BEGIN CERTIFICATE-----");
  }
}
