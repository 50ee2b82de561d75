package io.strata.kafka.read;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;

/**
 * Reading topics without a consumer group: every partition assigned at once (no rebalance to wait
 * for), and "read from here to the end as it was when reading began", which rebuilding state from a
 * compacted topic needs.
 */
public final class TopicReader {

  private static final Duration POLL = Duration.ofMillis(200);

  private TopicReader() {}

  /**
   * Settings of a group-less reader: no offsets committed, only committed transactions read (the
   * correlator writes with exactly-once).
   */
  public static Map<String, Object> readerSettings(String bootstrapServers, String clientId) {
    Map<String, Object> settings = new HashMap<>();
    settings.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    settings.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
    settings.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    settings.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    return settings;
  }

  /** Assigns every partition of the topics to the consumer and returns them. */
  public static List<TopicPartition> assignAll(
      org.apache.kafka.clients.consumer.Consumer<?, ?> consumer,
      Collection<String> topics,
      Duration timeout) {
    List<TopicPartition> partitions = new ArrayList<>();
    for (String topic : topics) {
      consumer
          .partitionsFor(topic, timeout)
          .forEach(p -> partitions.add(new TopicPartition(p.topic(), p.partition())));
    }
    consumer.assign(partitions);
    return partitions;
  }

  /**
   * Reads every assigned partition from the beginning to the end offsets it had when called,
   * handing each record to {@code handler}.
   *
   * @throws IllegalStateException when the end was not reached within {@code timeout}
   */
  public static <K, V> void readToEnd(
      org.apache.kafka.clients.consumer.Consumer<K, V> consumer,
      Collection<String> topics,
      Duration timeout,
      Consumer<ConsumerRecord<K, V>> handler) {
    List<TopicPartition> partitions = assignAll(consumer, topics, timeout);
    consumer.seekToBeginning(partitions);
    Map<TopicPartition, Long> end = consumer.endOffsets(partitions, timeout);
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!reachedEnd(consumer, end)) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "reading " + topics + " did not reach its end in " + timeout);
      }
      for (ConsumerRecord<K, V> record : consumer.poll(POLL)) {
        handler.accept(record);
      }
    }
  }

  private static boolean reachedEnd(
      org.apache.kafka.clients.consumer.Consumer<?, ?> consumer, Map<TopicPartition, Long> end) {
    return end.entrySet().stream().allMatch(e -> consumer.position(e.getKey()) >= e.getValue());
  }
}
