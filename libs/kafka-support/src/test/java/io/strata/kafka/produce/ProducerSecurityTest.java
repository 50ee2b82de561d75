package io.strata.kafka.produce;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.kafka.config.ClientSecurity;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.junit.jupiter.api.Test;

/**
 * The one place a hand-built producer takes its service's kafka.* security settings (issue 16, 19):
 * device-ingest, k8s-watcher and trace-ingest all go through {@link ProducerSettings#security}.
 */
class ProducerSecurityTest {

  @Test
  void theSecuritySettingsOfTheKafkaConfigurationAreMergedOverTheReliableOnes() {
    Map<String, String> config =
        Map.of(
            "kafka.security.protocol", "SASL_SSL",
            "kafka.sasl.mechanism", "SCRAM-SHA-512",
            "kafka.ssl.truststore.location", "/etc/strata/kafka/ca.p12",
            "kafka.bootstrap.servers", "ignored:9092");

    Map<String, Object> props =
        ProducerSettings.reliable("strata-kafka-bootstrap:9093", "strata-x")
            .deliveryTimeout(Duration.ofSeconds(30))
            .security(ClientSecurity.from("kafka.", key -> Optional.ofNullable(config.get(key))))
            .properties();

    assertThat(props)
        .containsOnly(
            Map.entry(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "strata-kafka-bootstrap:9093"),
            Map.entry(ProducerConfig.CLIENT_ID_CONFIG, "strata-x"),
            Map.entry(ProducerConfig.ACKS_CONFIG, "all"),
            Map.entry(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true),
            Map.entry(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 5),
            Map.entry(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30_000),
            // 30 s delivery - the 5 ms default linger leaves 29 995 ms for one request.
            Map.entry(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 29_995),
            Map.entry("security.protocol", "SASL_SSL"),
            Map.entry("sasl.mechanism", "SCRAM-SHA-512"),
            Map.entry("ssl.truststore.location", "/etc/strata/kafka/ca.p12"));
  }

  @Test
  void aPlaintextBrokerAddsNothing() {
    Map<String, Object> plain = ProducerSettings.reliable("k:9092", "strata-x").properties();

    assertThat(ProducerSettings.reliable("k:9092", "strata-x").security(Map.of()).properties())
        .isEqualTo(plain);
  }
}
