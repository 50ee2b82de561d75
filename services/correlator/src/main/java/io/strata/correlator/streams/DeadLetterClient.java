package io.strata.correlator.streams;

import io.strata.kafka.config.ClientSecurity;
import io.strata.kafka.deadletter.DeadLetterPublisher;
import io.strata.kafka.produce.ProducerSettings;
import io.strata.kafka.quarkus.KafkaClientSecurity;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.types.Password;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.jboss.logging.Logger;

/**
 * The handlers' own producer for the dead-letter topic (Kafka 4.1's handlers cannot yet return
 * dead-letter records themselves), behind kafka-support's {@link DeadLetterPublisher}, which waits
 * for the acknowledgement so a handler only skips a record once it is parked. Created at the first
 * dead letter, so a healthy app opens no extra connection.
 */
final class DeadLetterClient {

  private static final Logger LOG = Logger.getLogger(DeadLetterClient.class);

  static final String CLIENT_ID = "strata-correlator-deadletter";
  private static final Duration SEND_TIMEOUT = Duration.ofSeconds(30);

  private final Map<String, Object> producerConfig;
  private DeadLetterPublisher publisher;

  /** For a handler configured by Kafka Streams: the app's kafka.* security from its config. */
  DeadLetterClient(Map<String, ?> streamsConfig) {
    this.producerConfig = producerConfig(streamsConfig, KafkaClientSecurity.fromConfig());
  }

  /**
   * Strata's reliable producer settings (idempotent, acks=all) towards the Streams app's brokers,
   * authenticating like its clients: the service's {@code kafka.*} security settings, overridden by
   * the ones the Streams config itself carries ({@code quarkus.kafka-streams.*}, what deploy/ sets
   * for Streams), so the dead-letter producer never connects differently from the app.
   */
  static Map<String, Object> producerConfig(
      Map<String, ?> streamsConfig, Map<String, Object> kafkaSecurity) {
    Object bootstrap = streamsConfig.get(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG);
    Map<String, Object> config =
        new HashMap<>(
            ProducerSettings.reliable(bootstrap == null ? null : plain(bootstrap), CLIENT_ID)
                .properties());
    config.putAll(kafkaSecurity);
    config.putAll(
        ClientSecurity.from(
            "", key -> Optional.ofNullable(streamsConfig.get(key)).map(DeadLetterClient::plain)));
    return config;
  }

  /** A config value as text; a Password is unwrapped (its toString() hides it). */
  private static String plain(Object value) {
    return value instanceof Password password ? password.value() : String.valueOf(value);
  }

  /** True once the broker acknowledged the dead letter. */
  synchronized boolean publish(ProducerRecord<byte[], byte[]> deadLetter) {
    if (publisher == null) {
      try {
        publisher =
            new DeadLetterPublisher(
                new KafkaProducer<>(
                    producerConfig, new ByteArraySerializer(), new ByteArraySerializer()),
                SEND_TIMEOUT);
      } catch (RuntimeException e) {
        LOG.errorf(e, "cannot create the dead-letter producer for %s", deadLetter.topic());
        return false;
      }
    }
    return publisher.publish(deadLetter);
  }
}
