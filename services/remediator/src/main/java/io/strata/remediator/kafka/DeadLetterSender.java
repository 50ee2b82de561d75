package io.strata.remediator.kafka;

import io.micrometer.core.instrument.MeterRegistry;
import io.strata.events.deadletter.DeadLetterReason;
import io.strata.kafka.deadletter.DeadLetterPublisher;
import io.strata.kafka.deadletter.DeadLetterRecords;
import io.strata.kafka.produce.ProducerSettings;
import io.strata.kafka.quarkus.KafkaClientSecurity;
import io.strata.remediator.config.RemediatorConfig;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Sends a record the remediator cannot use to strata.deadletter.v1, bytes untouched, through
 * libs/kafka-support's dead-letter publisher on a producer of its own that authenticates like the
 * Quarkus-managed clients ({@link KafkaClientSecurity}).
 */
@ApplicationScoped
public class DeadLetterSender {

  static final String CLIENT_ID = "strata-remediator-deadletter";
  private static final Logger LOG = Logger.getLogger(DeadLetterSender.class);

  private final Producer<byte[], byte[]> producer;
  private final DeadLetterPublisher publisher;
  private final MeterRegistry metrics;
  private final Clock clock;

  @Inject
  public DeadLetterSender(
      @ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers,
      RemediatorConfig config,
      MeterRegistry metrics,
      Clock clock) {
    Map<String, Object> settings =
        ProducerSettings.reliable(bootstrapServers, CLIENT_ID)
            .deliveryTimeout(config.deadLetterTimeout())
            .security(KafkaClientSecurity.fromConfig())
            .properties();
    this.producer =
        new KafkaProducer<>(settings, new ByteArraySerializer(), new ByteArraySerializer());
    this.publisher = new DeadLetterPublisher(producer, config.deadLetterTimeout());
    this.metrics = metrics;
    this.clock = clock;
  }

  /**
   * Parks a notification that was not delivered within its retry budget ({@link
   * DeadLetterReason#NOTIFICATION_UNDELIVERED}): {@code message} as the value, {@code destination}
   * as its origin. Never throws: a failure here is logged, the notification stays counted as lost.
   *
   * @return whether the broker acknowledged it
   */
  public boolean parkUndelivered(
      String destination, String incidentId, String message, String detail) {
    try {
      return publisher.publish(
          DeadLetterRecords.of(
              "remediator",
              DeadLetterReason.NOTIFICATION_UNDELIVERED,
              destination,
              -1,
              -1,
              incidentId == null ? null : incidentId.getBytes(StandardCharsets.UTF_8),
              message.getBytes(StandardCharsets.UTF_8),
              new RecordHeaders(),
              detail,
              clock.instant()));
    } catch (RuntimeException e) {
      LOG.errorf(
          e, "the undelivered %s notification for %s was not parked", destination, incidentId);
      return false;
    }
  }

  /**
   * Parks the record with its reason, waiting for the broker.
   *
   * @throws IllegalStateException when Kafka did not acknowledge it: the caller must not skip the
   *     input (the incident consumer's record is then read again, as before with the emitter)
   */
  public void send(ConsumerRecord<String, byte[]> record, DeadLetterReason reason, String detail) {
    byte[] key = record.key() == null ? null : record.key().getBytes(StandardCharsets.UTF_8);
    boolean parked =
        publisher.publish(
            DeadLetterRecords.of(
                "remediator",
                reason,
                record.topic(),
                record.partition(),
                record.offset(),
                key,
                record.value(),
                record.headers(),
                detail,
                clock.instant()));
    if (!parked) {
      throw new IllegalStateException(
          "dead letter for "
              + record.topic()
              + "-"
              + record.partition()
              + "@"
              + record.offset()
              + " not acknowledged by Kafka");
    }
    metrics.counter("strata.remediator.dead.letters", "reason", reason.name()).increment();
  }

  @PreDestroy
  void close() {
    producer.close();
  }
}
