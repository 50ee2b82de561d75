package io.strata.deviceingest.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.strata.deviceingest.config.DeviceIngestConfig;
import io.strata.kafka.quarkus.KafkaClientSecurity;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The publisher's hand-built producer authenticates like the Quarkus-managed clients (#16). */
class PublisherProducerSecurityTest {

  @Test
  void theServicesKafkaSecuritySettingsAreMergedIntoThePublishersProducer() {
    SmallRyeConfig config =
        new SmallRyeConfigBuilder()
            .withMapping(DeviceIngestConfig.class)
            // Expands the publisher's default, ${kafka.bootstrap.servers}.
            .addDefaultInterceptors()
            // Quarkus' converter for the mapping's "5ms"-style durations.
            .withConverter(Duration.class, 100, new DurationConverter())
            .withDefaultValues(
                Map.of(
                    "strata.device-ingest.cluster", "c1",
                    "kafka.bootstrap.servers", "kafka:9093",
                    "kafka.security.protocol", "SASL_SSL",
                    "kafka.sasl.mechanism", "SCRAM-SHA-512"))
            .build();

    Map<String, Object> props =
        KafkaEventPublisher.producerProperties(
            config.getConfigMapping(DeviceIngestConfig.class).publish(),
            KafkaClientSecurity.fromConfig(config));

    assertThat(props)
        .containsEntry("bootstrap.servers", "kafka:9093")
        .containsEntry("client.id", "strata-device-ingest")
        .containsEntry("acks", "all")
        .containsEntry("compression.type", "lz4")
        .containsEntry("security.protocol", "SASL_SSL")
        .containsEntry("sasl.mechanism", "SCRAM-SHA-512");
  }
}
