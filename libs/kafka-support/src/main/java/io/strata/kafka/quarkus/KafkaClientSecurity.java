package io.strata.kafka.quarkus;

import io.strata.kafka.config.ClientSecurity;
import java.util.Map;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The service's {@code kafka.*} security settings ({@link ClientSecurity}) read from its
 * MicroProfile configuration: merge them into the properties of any Kafka client the service builds
 * itself.
 */
public final class KafkaClientSecurity {

  private KafkaClientSecurity() {}

  /** The security settings from the application's configuration. */
  public static Map<String, Object> fromConfig() {
    return fromConfig(ConfigProvider.getConfig());
  }

  public static Map<String, Object> fromConfig(Config config) {
    return ClientSecurity.from("kafka.", key -> config.getOptionalValue(key, String.class));
  }
}
