package io.strata.correlatorbench;

import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.topic.NodePartitioner;
import io.strata.events.topic.Topic;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Produces generated records with each topic's own value serde and the CloudEvents headers every
 * Strata producer writes. {@code partitioner.class} is {@link NodePartitioner} for every topic: it
 * partitions the node-scoped topics (samples, XIDs, nodes) by node, as docs/EVENTS.md requires of
 * their producers, and keeps Kafka's key hash for the others.
 */
final class KafkaRecordSink implements RecordSink, AutoCloseable {

  static final String SOURCE = "/strata/correlator-bench";

  private final KafkaProducer<String, byte[]> producer;
  private final AtomicLong sent = new AtomicLong();
  private final AtomicReference<Exception> failure = new AtomicReference<>();

  KafkaRecordSink(String bootstrapServers) {
    producer =
        new KafkaProducer<>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ProducerConfig.PARTITIONER_CLASS_CONFIG,
                NodePartitioner.class.getName(),
                ProducerConfig.ACKS_CONFIG,
                "all",
                ProducerConfig.LINGER_MS_CONFIG,
                20,
                ProducerConfig.BATCH_SIZE_CONFIG,
                256 * 1024,
                ProducerConfig.BUFFER_MEMORY_CONFIG,
                128L * 1024 * 1024),
            new StringSerializer(),
            new ByteArraySerializer());
  }

  @Override
  public <V> void send(Topic<String, V> topic, String key, V value, Instant timestamp) {
    byte[] bytes = topic.valueSerde().serializer().serialize(topic.name(), value);
    ProducerRecord<String, byte[]> record =
        new ProducerRecord<>(topic.name(), null, timestamp.toEpochMilli(), key, bytes);
    CloudEventHeaders.write(record.headers(), topic.eventType(), SOURCE, key, timestamp);
    producer.send(
        record,
        (metadata, error) -> {
          if (error != null) {
            failure.compareAndSet(null, error);
          }
        });
    sent.incrementAndGet();
  }

  long sent() {
    return sent.get();
  }

  /** Waits until every record is acknowledged; fails if any was not. */
  void flush() {
    producer.flush();
    Exception error = failure.get();
    if (error != null) {
      throw new IllegalStateException("the broker refused a record: " + error, error);
    }
  }

  @Override
  public void close() {
    producer.close(Duration.ofSeconds(30));
  }
}
