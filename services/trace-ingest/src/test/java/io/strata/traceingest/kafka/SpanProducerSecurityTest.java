package io.strata.traceingest.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.strata.kafka.quarkus.KafkaClientSecurity;
import io.strata.traceingest.config.TraceIngestConfig;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The hand-built span producer authenticates like the Quarkus-managed clients (issue 16). */
class SpanProducerSecurityTest {

  @Test
  void theServicesKafkaSecuritySettingsAreMergedIntoTheProducer() {
    SmallRyeConfig config =
        new SmallRyeConfigBuilder()
            .withMapping(TraceIngestConfig.class)
            // Quarkus' converter for the mapping's "8s"-style durations.
            .withConverter(Duration.class, 100, new DurationConverter())
            .withDefaultValues(
                Map.of(
                    "kafka.security.protocol", "SASL_SSL",
                    "kafka.sasl.mechanism", "SCRAM-SHA-512"))
            .build();

    Map<String, Object> merged =
        SpanProducerFactory.properties(
            config.getConfigMapping(TraceIngestConfig.class).kafka(),
            "kafka:9093",
            KafkaClientSecurity.fromConfig(config));

    assertThat(merged)
        .containsEntry("bootstrap.servers", "kafka:9093")
        .containsEntry("client.id", "strata-trace-ingest")
        .containsEntry("acks", "all")
        .containsEntry("security.protocol", "SASL_SSL")
        .containsEntry("sasl.mechanism", "SCRAM-SHA-512");
  }
}
