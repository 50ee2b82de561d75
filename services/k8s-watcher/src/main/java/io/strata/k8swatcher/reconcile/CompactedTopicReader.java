package io.strata.k8swatcher.reconcile;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Reads a compacted topic from the beginning to its current end and returns the keys whose latest
 * record is not a tombstone. Values are not deserialised: only null or not matters here.
 */
public final class CompactedTopicReader {

  private final String bootstrapServers;
  private final Duration timeout;

  public CompactedTopicReader(String bootstrapServers, Duration timeout) {
    this.bootstrapServers = bootstrapServers;
    this.timeout = timeout;
  }

  public Set<String> liveKeys(String topic) {
    Map<String, Boolean> latest = new HashMap<>();
    try (KafkaConsumer<String, byte[]> consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ConsumerConfig.CLIENT_ID_CONFIG,
                "strata-k8s-watcher-reconcile",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                false,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                "read_committed"),
            new StringDeserializer(),
            new ByteArrayDeserializer())) {
      List<TopicPartition> partitions =
          consumer.partitionsFor(topic, timeout).stream()
              .map(p -> new TopicPartition(topic, p.partition()))
              .toList();
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      Map<TopicPartition, Long> end = consumer.endOffsets(partitions, timeout);
      long deadline = System.nanoTime() + timeout.toNanos();
      while (!reachedEnd(consumer, end)) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException(
              "reading " + topic + " did not reach its end in " + timeout);
        }
        for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
          if (record.key() != null) {
            latest.put(record.key(), record.value() != null);
          }
        }
      }
    }
    return latest.entrySet().stream()
        .filter(Map.Entry::getValue)
        .map(Map.Entry::getKey)
        .collect(Collectors.toSet());
  }

  private static boolean reachedEnd(
      KafkaConsumer<String, byte[]> consumer, Map<TopicPartition, Long> end) {
    return end.entrySet().stream().allMatch(e -> consumer.position(e.getKey()) >= e.getValue());
  }
}
