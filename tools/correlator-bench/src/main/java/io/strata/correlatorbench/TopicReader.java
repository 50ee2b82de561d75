package io.strata.correlatorbench;

import io.strata.kafka.config.ClientSecurity;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Reads an output topic of the correlator from the beginning through the shared group-less reader
 * (kafka-support {@code read/TopicReader}), {@code read_committed}: the correlator writes in
 * transactions, so offsets also count commit markers and aborted records and only reading tells how
 * many records it really published. Security settings come from {@code -Dkafka.*} system properties
 * (none against the benchmark's own plaintext broker).
 */
final class TopicReader implements AutoCloseable {

  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private final KafkaConsumer<String, byte[]> consumer;
  private final List<TopicPartition> partitions;

  TopicReader(String bootstrapServers, String topic) {
    consumer =
        new KafkaConsumer<>(
            io.strata.kafka.read.TopicReader.readerSettings(
                bootstrapServers,
                "correlator-bench-reader",
                ClientSecurity.from("kafka.", key -> Optional.ofNullable(System.getProperty(key)))),
            new StringDeserializer(),
            new ByteArrayDeserializer());
    partitions = io.strata.kafka.read.TopicReader.assignAll(consumer, List.of(topic), TIMEOUT);
    consumer.seekToBeginning(partitions);
  }

  /** Every committed record not read yet, up to the last stable offset now (30 s at most). */
  List<ConsumerRecord<String, byte[]>> readAvailable() {
    List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
    io.strata.kafka.read.TopicReader.readAvailable(consumer, partitions, TIMEOUT, records::add);
    return records;
  }

  /** Whatever one poll brings (for watching a topic live). */
  List<ConsumerRecord<String, byte[]>> poll(Duration timeout) {
    List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
    consumer.poll(timeout).forEach(records::add);
    return records;
  }

  @Override
  public void close() {
    consumer.close();
  }
}
