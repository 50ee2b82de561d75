package io.strata.deviceingest.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.ConfigValidationException;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.smallrye.config.validator.BeanValidationConfigValidator;
import jakarta.validation.Validation;
import jakarta.validation.ValidatorFactory;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The producer's compression is one of Kafka's codecs, lz4 unless configured; anything else fails
 * at startup naming the key, as Quarkus validates a mapping (SmallRye Config with Hibernate
 * Validator), instead of when the first sample is published.
 */
class PublishCompressionConfigTest {

  private static SmallRyeConfig load(Map<String, String> extra) {
    Map<String, String> values = new HashMap<>(extra);
    values.put("strata.device-ingest.cluster", "c1");
    values.put("kafka.bootstrap.servers", "kafka:9092");
    try (ValidatorFactory factory = Validation.buildDefaultValidatorFactory()) {
      BeanValidationConfigValidator validation = factory::getValidator;
      return new SmallRyeConfigBuilder()
          .withMapping(DeviceIngestConfig.class)
          .addDefaultInterceptors()
          .withConverter(Duration.class, 100, new DurationConverter())
          .withValidator(validation)
          .withSources(new PropertiesConfigSource(values, "test", 500))
          .build();
    }
  }

  @Test
  void lz4UnlessConfigured() {
    assertThat(load(Map.of()).getConfigMapping(DeviceIngestConfig.class).publish().compression())
        .isEqualTo("lz4");
  }

  @Test
  void anUnknownCodecFailsNamingTheKey() {
    assertThatThrownBy(() -> load(Map.of("strata.device-ingest.publish.compression", "brotli")))
        .isInstanceOf(ConfigValidationException.class)
        .hasMessageContaining("strata.device-ingest.publish.compression");
  }
}
