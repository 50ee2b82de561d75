package io.strata.kafka.config;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The security settings of a Kafka client, taken from a service's {@code kafka.*} configuration so
 * that every client a service builds by hand (topic followers, journal rebuilders, admin checks,
 * dead-letter producers) authenticates exactly like the clients Quarkus builds for it. Without
 * this, deploy/'s SCRAM-over-TLS listener (ADR 010) would accept the Quarkus-managed clients and
 * refuse the hand-built ones.
 *
 * <p>The keys are Kafka's own client configuration names (kafka-clients {@code
 * CommonClientConfigs}, {@code SaslConfigs}, {@code SslConfigs}); the lookup resolves {@code
 * kafka.<key>} the way MicroProfile Config does, so {@code KAFKA_SASL_JAAS_CONFIG} in the
 * environment supplies {@code sasl.jaas.config}.
 */
public final class ClientSecurity {

  /** The client settings that decide how a client authenticates and what it trusts. */
  static final List<String> KEYS =
      List.of(
          "security.protocol",
          "sasl.mechanism",
          "sasl.jaas.config",
          "sasl.client.callback.handler.class",
          "sasl.login.callback.handler.class",
          "sasl.kerberos.service.name",
          "sasl.oauthbearer.token.endpoint.url",
          "ssl.protocol",
          "ssl.enabled.protocols",
          "ssl.endpoint.identification.algorithm",
          "ssl.truststore.type",
          "ssl.truststore.location",
          "ssl.truststore.password",
          "ssl.truststore.certificates",
          "ssl.keystore.type",
          "ssl.keystore.location",
          "ssl.keystore.password",
          "ssl.keystore.certificate.chain",
          "ssl.keystore.key",
          "ssl.key.password");

  private ClientSecurity() {}

  /**
   * The security settings present under {@code prefix} (usually {@code "kafka."}), keyed by their
   * Kafka client names; empty for a plaintext, unauthenticated broker.
   *
   * @param lookup resolves a full configuration key, e.g. {@code Config::getOptionalValue}
   */
  public static Map<String, Object> from(String prefix, Function<String, Optional<String>> lookup) {
    Map<String, Object> settings = new LinkedHashMap<>();
    for (String key : KEYS) {
      lookup
          .apply(prefix + key)
          .map(String::strip)
          .filter(value -> !value.isEmpty())
          .ifPresent(value -> settings.put(key, value));
    }
    return settings;
  }
}
