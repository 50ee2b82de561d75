package io.strata.kafka.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.kafka.config.ClientSecurity;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A hand-built reader takes its security from the kafka.* settings it is given (issue 16). */
class TopicReaderSettingsTest {

  @Test
  void aReaderGetsTheSaslAndSslSettingsOfItsKafkaConfigurationAndReadsCommitted() {
    Map<String, String> config =
        Map.of(
            "kafka.security.protocol", "SASL_SSL",
            "kafka.sasl.mechanism", "SCRAM-SHA-512",
            "kafka.ssl.truststore.location", "/etc/strata/kafka/ca.p12",
            "kafka.bootstrap.servers", "ignored:9092");
    Map<String, Object> security =
        ClientSecurity.from("kafka.", key -> Optional.ofNullable(config.get(key)));

    Map<String, Object> settings =
        TopicReader.readerSettings("strata-kafka-bootstrap:9093", "strata-test", security);

    assertThat(settings)
        .containsEntry("security.protocol", "SASL_SSL")
        .containsEntry("sasl.mechanism", "SCRAM-SHA-512")
        .containsEntry("ssl.truststore.location", "/etc/strata/kafka/ca.p12")
        .containsEntry("bootstrap.servers", "strata-kafka-bootstrap:9093")
        .containsEntry("isolation.level", "read_committed")
        .containsEntry("enable.auto.commit", false);
  }
}
