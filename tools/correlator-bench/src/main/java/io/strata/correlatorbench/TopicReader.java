package io.strata.correlatorbench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Reads an output topic of the correlator from the beginning, {@code read_committed}: the
 * correlator writes in transactions, so offsets also count commit markers and aborted records and
 * only reading tells how many records it really published.
 */
final class TopicReader implements AutoCloseable {

  private final KafkaConsumer<String, byte[]> consumer;
  private final List<TopicPartition> partitions;

  TopicReader(String bootstrapServers, String topic) {
    Map<String, Object> config = new HashMap<>();
    config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    consumer = new KafkaConsumer<>(config, new StringDeserializer(), new ByteArrayDeserializer());
    partitions =
        consumer.partitionsFor(topic).stream()
            .map(p -> new TopicPartition(topic, p.partition()))
            .collect(Collectors.toList());
    consumer.assign(partitions);
    consumer.seekToBeginning(partitions);
  }

  /** Every committed record not read yet, up to the last stable offset now. */
  List<ConsumerRecord<String, byte[]>> readAvailable() {
    Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
    List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (!caughtUp(ends) && System.nanoTime() < deadline) {
      consumer.poll(Duration.ofMillis(200)).forEach(records::add);
    }
    return records;
  }

  /** Whatever one poll brings (for watching a topic live). */
  List<ConsumerRecord<String, byte[]>> poll(Duration timeout) {
    List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
    consumer.poll(timeout).forEach(records::add);
    return records;
  }

  private boolean caughtUp(Map<TopicPartition, Long> ends) {
    return ends.entrySet().stream().allMatch(e -> consumer.position(e.getKey()) >= e.getValue());
  }

  @Override
  public void close() {
    consumer.close();
  }
}
