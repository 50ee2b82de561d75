package io.strata.kafka.read;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
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

  /**
   * {@link #readerSettings(String, String)} with the client's security settings merged in (a
   * service's {@code KafkaClientSecurity.fromConfig()}, a tool's {@code ClientSecurity.from(...)}),
   * so a hand-built reader authenticates like the service's other clients.
   */
  public static Map<String, Object> readerSettings(
      String bootstrapServers, String clientId, Map<String, Object> security) {
    Map<String, Object> settings = readerSettings(bootstrapServers, clientId);
    settings.putAll(security);
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
    if (!readAvailable(consumer, partitions, timeout, handler)) {
      throw new IllegalStateException("reading " + topics + " did not reach its end in " + timeout);
    }
  }

  /**
   * Reads the given assigned partitions from where the consumer stands to the end offsets they had
   * when called (for a {@code read_committed} reader, the last stable offsets).
   *
   * @return whether the end was reached within {@code timeout}; the records read until then were
   *     handed over either way
   */
  public static <K, V> boolean readAvailable(
      org.apache.kafka.clients.consumer.Consumer<K, V> consumer,
      Collection<TopicPartition> partitions,
      Duration timeout,
      Consumer<ConsumerRecord<K, V>> handler) {
    Map<TopicPartition, Long> end = consumer.endOffsets(partitions, timeout);
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!reachedEnd(consumer, end)) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      for (ConsumerRecord<K, V> record : consumer.poll(POLL)) {
        handler.accept(record);
      }
    }
    return true;
  }

  /**
   * Positions each assigned partition at its first record written at or after {@code since}, or at
   * its end when it has none (Kafka's offsetsForTimes answers null for such a partition).
   */
  public static void seekToTime(
      org.apache.kafka.clients.consumer.Consumer<?, ?> consumer,
      Collection<TopicPartition> partitions,
      Instant since) {
    Map<TopicPartition, Long> at = new HashMap<>();
    partitions.forEach(p -> at.put(p, since.toEpochMilli()));
    Map<TopicPartition, OffsetAndTimestamp> offsets = consumer.offsetsForTimes(at);
    for (TopicPartition partition : partitions) {
      OffsetAndTimestamp offset = offsets.get(partition);
      if (offset == null) {
        consumer.seekToEnd(List.of(partition));
      } else {
        consumer.seek(partition, offset.offset());
      }
    }
  }

  /** Whether the consumer's position in every partition of {@code end} reached its offset there. */
  public static boolean reachedEnd(
      org.apache.kafka.clients.consumer.Consumer<?, ?> consumer, Map<TopicPartition, Long> end) {
    return end.entrySet().stream().allMatch(e -> consumer.position(e.getKey()) >= e.getValue());
  }
}
