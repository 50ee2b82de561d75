package io.strata.embeddedkafka;

import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.topic.Topic;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * A plain Kafka client for tests: publish typed events the way Strata's services do (CloudEvents
 * headers), and read a topic from the beginning until a condition holds or a deadline passes.
 */
public final class KafkaTestClient implements AutoCloseable {

  private static final String SOURCE = "/strata/test";

  private final String bootstrapServers;
  private final KafkaProducer<byte[], byte[]> producer;

  public KafkaTestClient(String bootstrapServers) {
    this.bootstrapServers = bootstrapServers;
    this.producer =
        new KafkaProducer<>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ProducerConfig.ACKS_CONFIG,
                "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                true,
                // Node-partitioned topics are placed as every Strata producer places them.
                ProducerConfig.PARTITIONER_CLASS_CONFIG,
                io.strata.events.topic.NodePartitioner.class.getName()),
            new ByteArraySerializer(),
            new ByteArraySerializer());
  }

  /**
   * Publishes one event with CloudEvents binary-mode headers and waits for the broker's
   * acknowledgement.
   */
  public <K, V> void send(Topic<K, V> topic, K key, V value) {
    ProducerRecord<byte[], byte[]> record =
        new ProducerRecord<>(
            topic.name(),
            topic.keySerde().serializer().serialize(topic.name(), key),
            topic.valueSerde().serializer().serialize(topic.name(), value));
    if (topic.eventType() != null && value != null) {
      CloudEventHeaders.write(
          record.headers(), topic.eventType(), SOURCE, String.valueOf(key), Instant.now());
    }
    sendAndWait(record);
  }

  /** Publishes raw bytes, for poison-record tests. */
  public void sendRaw(String topic, byte[] key, byte[] value) {
    sendAndWait(new ProducerRecord<>(topic, key, value));
  }

  /**
   * Reads the topic from the beginning until {@code done} accepts the records read so far, or the
   * timeout passes (then it returns what it has, for the caller's assertion to report).
   * Deserialises with the topic's serdes.
   */
  public <K, V> List<ConsumerRecord<K, V>> readUntil(
      Topic<K, V> topic, Predicate<List<ConsumerRecord<K, V>>> done, Duration timeout) {
    List<ConsumerRecord<K, V>> records = new ArrayList<>();
    try (KafkaConsumer<K, V> consumer = newConsumer(topic)) {
      List<TopicPartition> partitions =
          consumer.partitionsFor(topic.name()).stream()
              .map(p -> new TopicPartition(p.topic(), p.partition()))
              .toList();
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      long deadline = System.nanoTime() + timeout.toNanos();
      while (!done.test(records) && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(100)).forEach(records::add);
      }
    }
    return records;
  }

  /** Reads until at least {@code count} records arrived, or the timeout passes. */
  public <K, V> List<ConsumerRecord<K, V>> readAtLeast(
      Topic<K, V> topic, int count, Duration timeout) {
    return readUntil(topic, records -> records.size() >= count, timeout);
  }

  public String bootstrapServers() {
    return bootstrapServers;
  }

  @Override
  public void close() {
    producer.close(Duration.ofSeconds(5));
  }

  private <K, V> KafkaConsumer<K, V> newConsumer(Topic<K, V> topic) {
    return new KafkaConsumer<>(
        Map.of(
            ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
            bootstrapServers,
            ConsumerConfig.GROUP_ID_CONFIG,
            "strata-test-" + UUID.randomUUID(),
            ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
            false,
            ConsumerConfig.ISOLATION_LEVEL_CONFIG,
            "read_committed"),
        topic.keySerde().deserializer(),
        topic.valueSerde().deserializer());
  }

  private void sendAndWait(ProducerRecord<byte[], byte[]> record) {
    try {
      producer.send(record).get(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while producing to " + record.topic(), e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("cannot produce to " + record.topic() + ": " + e, e);
    }
  }
}
