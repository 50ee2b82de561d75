package io.strata.remediator.it;

import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.topic.Topics;
import io.strata.remediator.kafka.KafkaActionJournal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Writes records to strata.remediation.v1 as anyone with produce rights could: with the real
 * CloudEvents headers and, optionally, an integrity tag of the tester's choosing.
 */
final class JournalProducer implements AutoCloseable {

  private final KafkaProducer<byte[], byte[]> producer;

  JournalProducer(String bootstrapServers) {
    producer =
        new KafkaProducer<>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ProducerConfig.ACKS_CONFIG,
                "all"),
            new ByteArraySerializer(),
            new ByteArraySerializer());
  }

  /** Sends {@code action} with {@code tag} in the integrity header (none when null). */
  void send(RemediationAction action, String tag) {
    String topic = Topics.REMEDIATION.name();
    ProducerRecord<byte[], byte[]> record =
        new ProducerRecord<>(
            topic,
            action.incidentId().getBytes(StandardCharsets.UTF_8),
            Topics.REMEDIATION.valueSerde().serializer().serialize(topic, action));
    CloudEventHeaders.write(
        record.headers(),
        Topics.REMEDIATION.eventType(),
        "/strata/remediator",
        action.incidentId(),
        Instant.now());
    if (tag != null) {
      record
          .headers()
          .add(KafkaActionJournal.INTEGRITY_HEADER, tag.getBytes(StandardCharsets.UTF_8));
    }
    try {
      producer.send(record).get(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("could not produce to " + topic, e);
    }
  }

  @Override
  public void close() {
    producer.close();
  }
}
