package io.strata.kafka.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ClientSecurityTest {

  @Test
  void takesTheSecuritySettingsUnderThePrefixByTheirClientNames() {
    Map<String, String> config =
        Map.of(
            "kafka.security.protocol", "SASL_SSL",
            "kafka.sasl.mechanism", "SCRAM-SHA-512",
            "kafka.sasl.jaas.config", " org.apache.kafka.ScramLoginModule required; ",
            "kafka.ssl.truststore.type", "PEM",
            "kafka.bootstrap.servers", "kafka:9093",
            "kafka.linger.ms", "5");

    Map<String, Object> settings =
        ClientSecurity.from("kafka.", key -> Optional.ofNullable(config.get(key)));

    assertThat(settings)
        .containsExactly(
            Map.entry("security.protocol", "SASL_SSL"),
            Map.entry("sasl.mechanism", "SCRAM-SHA-512"),
            Map.entry("sasl.jaas.config", "org.apache.kafka.ScramLoginModule required;"),
            Map.entry("ssl.truststore.type", "PEM"));
  }

  @Test
  void aPlaintextBrokerNeedsNoSettingsAndBlankValuesCountAsAbsent() {
    Map<String, String> config = Map.of("kafka.security.protocol", "  ");

    assertThat(ClientSecurity.from("kafka.", key -> Optional.ofNullable(config.get(key))))
        .isEmpty();
  }
}
