package io.strata.e2e;

import static org.awaitility.Awaitility.await;

import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import io.strata.kafka.read.TopicReader;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.GroupListing;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.awaitility.core.ConditionTimeoutException;

/**
 * The two halves of "records lost" on every Strata topic. <b>Kept</b>: every committed record the
 * log held before a fault is still there after it (counted per partition below the offsets it ended
 * at, read_committed, so an aborted transaction is never counted). <b>Consumed</b>: every consumer
 * group of the services has committed past every record the log holds once the fault is over (up to
 * the last data record: a transaction's trailing commit marker takes an offset that no consumer
 * commits).
 */
final class TopicAudit implements AutoCloseable {

  private static final Duration READ_TIMEOUT = Duration.ofSeconds(60);

  private final String bootstrapServers;
  private final Admin admin;
  private final List<String> topics = Topics.all().stream().map(Topic::name).toList();

  /**
   * What the log holds at one moment.
   *
   * @param end each partition's end offset
   * @param records committed data records below {@code end}
   * @param lastData the last committed data record's offset, -1 when none
   */
  record LogCount(
      Map<TopicPartition, Long> end,
      Map<TopicPartition, Long> records,
      Map<TopicPartition, Long> lastData) {}

  TopicAudit(String bootstrapServers) {
    this.bootstrapServers = bootstrapServers;
    this.admin =
        Admin.create(
            Map.<String, Object>of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers));
  }

  /** Reads every Strata topic from the beginning to its current end. */
  LogCount count() {
    return countUpTo(Map.of());
  }

  /**
   * As {@link #count()}, counting only records below {@code cutoff} on the partitions it names (an
   * earlier count's ends, to compare the same stretch of the log).
   */
  LogCount countUpTo(Map<TopicPartition, Long> cutoff) {
    Map<TopicPartition, Long> records = new HashMap<>();
    Map<TopicPartition, Long> lastData = new HashMap<>();
    Map<TopicPartition, Long> end;
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(
            TopicReader.readerSettings(bootstrapServers, "strata-e2e-audit"),
            new ByteArrayDeserializer(),
            new ByteArrayDeserializer())) {
      List<TopicPartition> partitions = TopicReader.assignAll(consumer, topics, READ_TIMEOUT);
      end = new HashMap<>(consumer.endOffsets(partitions, READ_TIMEOUT));
      cutoff.forEach(
          (partition, offset) -> end.computeIfPresent(partition, (p, e) -> Math.min(e, offset)));
      partitions.forEach(
          p -> {
            records.put(p, 0L);
            lastData.put(p, -1L);
          });
      TopicReader.readToEnd(
          consumer,
          topics,
          READ_TIMEOUT,
          record -> {
            TopicPartition partition = new TopicPartition(record.topic(), record.partition());
            if (record.offset() < end.get(partition)) {
              records.merge(partition, 1L, Long::sum);
              lastData.merge(partition, record.offset(), Math::max);
            }
          });
    }
    return new LogCount(Map.copyOf(end), Map.copyOf(records), Map.copyOf(lastData));
  }

  /**
   * Per topic, the records {@code before} counted that {@code after} (a later {@link #countUpTo} of
   * {@code before}'s ends) no longer holds; only topics that lost any.
   */
  static Map<String, Long> lost(LogCount before, LogCount after) {
    Map<String, Long> lost = new TreeMap<>();
    before
        .records()
        .forEach(
            (partition, count) -> {
              long kept = keptBelow(after, partition);
              if (kept < count) {
                lost.merge(partition.topic(), count - kept, Long::sum);
              }
            });
    return lost;
  }

  /** Records of {@code after} (counted up to {@code before}'s ends) on one partition. */
  private static long keptBelow(LogCount after, TopicPartition partition) {
    return after.records().getOrDefault(partition, 0L);
  }

  /**
   * Waits until every service's consumer group has committed past {@code at}'s last data record on
   * each partition it consumes; answers, per group and topic, how many records it had not consumed
   * when {@code timeout} ran out (empty: everything consumed).
   */
  Map<String, Long> unconsumed(LogCount at, Duration timeout) {
    Map<String, Long> behind = new TreeMap<>();
    try {
      await("every consumer group past the log's end")
          .atMost(timeout)
          .pollInterval(Duration.ofMillis(500))
          .until(
              () -> {
                behind.clear();
                behind.putAll(behind(at));
                return behind.isEmpty();
              });
    } catch (ConditionTimeoutException e) {
      // reported by the caller: the counts of the last poll stay in the map
    }
    return behind;
  }

  private Map<String, Long> behind(LogCount at) throws InterruptedException {
    Map<String, Long> behind = new TreeMap<>();
    for (String group : groups()) {
      Map<TopicPartition, OffsetAndMetadata> committed =
          get(admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata());
      committed.forEach(
          (partition, offset) -> {
            Long last = at.lastData().get(partition);
            if (offset == null || last == null || last < 0) {
              return;
            }
            long missing = last + 1 - offset.offset();
            if (missing > 0) {
              behind.merge(group + " on " + partition.topic(), missing, Long::sum);
            }
          });
    }
    return behind;
  }

  private List<String> groups() throws InterruptedException {
    return get(admin.listGroups().all()).stream().map(GroupListing::groupId).sorted().toList();
  }

  private static <T> T get(org.apache.kafka.common.KafkaFuture<T> future)
      throws InterruptedException {
    try {
      return future.get(20, TimeUnit.SECONDS);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("admin call failed: " + e, e);
    }
  }

  @Override
  public void close() {
    admin.close(Duration.ofSeconds(5));
  }
}
