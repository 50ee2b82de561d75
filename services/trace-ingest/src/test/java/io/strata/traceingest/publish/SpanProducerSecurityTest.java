package io.strata.traceingest.publish;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.strata.kafka.quarkus.KafkaClientSecurity;
import java.util.Map;
import org.eclipse.microprofile.config.Config;
import org.junit.jupiter.api.Test;

/** The hand-built span producer authenticates like the Quarkus-managed clients (issue 16). */
class SpanProducerSecurityTest {

  @Test
  void theServicesKafkaSecuritySettingsAreMergedIntoTheProducer() {
    Config config =
        new SmallRyeConfigBuilder()
            .withSources(
                new PropertiesConfigSource(
                    Map.of(
                        "kafka.security.protocol", "SASL_SSL",
                        "kafka.sasl.mechanism", "SCRAM-SHA-512"),
                    "deploy",
                    500))
            .build();

    Map<String, Object> merged =
        SpanProducerFactory.withSecurity(
            Map.of("bootstrap.servers", "kafka:9093", "acks", "all"),
            KafkaClientSecurity.fromConfig(config));

    assertThat(merged)
        .containsEntry("bootstrap.servers", "kafka:9093")
        .containsEntry("acks", "all")
        .containsEntry("security.protocol", "SASL_SSL")
        .containsEntry("sasl.mechanism", "SCRAM-SHA-512")
        .hasSize(4);
  }
}
