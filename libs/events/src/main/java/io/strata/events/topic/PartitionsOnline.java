package io.strata.events.topic;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.LogDirDescription;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;

/**
 * Waits until a freshly created topic's partitions accept writes: each has a leader, and that
 * leader holds the partition's log.
 *
 * <p>Why: a created topic is in the metadata a broker serves before the broker's replica manager
 * has made itself the partition's leader, so a producer that starts at once gets
 * NOT_LEADER_OR_FOLLOWER. With idempotence (every Kafka producer's default) the retry of the
 * rejected first batch can then meet its own later batches already appended, and the broker answers
 * OUT_OF_ORDER_SEQUENCE_NUMBER until the batch expires at {@code delivery.timeout.ms} (two minutes
 * by default): the correlator's HeadOfLineBrokerTest waited exactly that on the CI runs of
 * 2026-12-06. The log directories the leader reports come from its replica manager, not from the
 * metadata, so they say when the partition is open there.
 */
public final class PartitionsOnline {

  private static final long POLL_MILLIS = 50;

  private PartitionsOnline() {}

  /**
   * Blocks until every partition of the named topics is online at its leader.
   *
   * @throws IllegalStateException naming the partitions still offline when {@code timeout} passes
   */
  public static void await(Admin admin, Collection<String> topics, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    List<TopicPartition> offline = offline(admin, topics, timeout);
    while (!offline.isEmpty()) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "partitions not online after " + timeout + ": " + describe(offline));
      }
      try {
        Thread.sleep(POLL_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while waiting for partition leaders", e);
      }
      offline = offline(admin, topics, timeout);
    }
  }

  /** The partitions without a leader, or whose leader does not report their log yet. */
  static List<TopicPartition> offline(Admin admin, Collection<String> topics, Duration timeout) {
    Map<String, TopicDescription> descriptions =
        get(admin.describeTopics(topics).allTopicNames(), timeout);
    Map<TopicPartition, Integer> leaders = new HashMap<>();
    List<TopicPartition> offline = new ArrayList<>();
    for (TopicDescription description : descriptions.values()) {
      for (TopicPartitionInfo info : description.partitions()) {
        TopicPartition partition = new TopicPartition(description.name(), info.partition());
        if (info.leader() == null || info.leader().isEmpty()) {
          offline.add(partition);
        } else {
          leaders.put(partition, info.leader().id());
        }
      }
    }
    if (!leaders.isEmpty()) {
      Set<Integer> brokers = new HashSet<>(leaders.values());
      Map<Integer, Map<String, LogDirDescription>> logDirs =
          get(admin.describeLogDirs(brokers).allDescriptions(), timeout);
      leaders.forEach(
          (partition, leader) -> {
            if (!holds(logDirs.get(leader), partition)) {
              offline.add(partition);
            }
          });
    }
    return offline;
  }

  private static boolean holds(Map<String, LogDirDescription> dirs, TopicPartition partition) {
    return dirs != null
        && dirs.values().stream().anyMatch(d -> d.replicaInfos().containsKey(partition));
  }

  private static String describe(List<TopicPartition> partitions) {
    List<String> names = partitions.stream().map(TopicPartition::toString).sorted().toList();
    return names.size() <= 10
        ? names.toString()
        : names.subList(0, 10) + " and " + (names.size() - 10) + " more";
  }

  private static <T> T get(KafkaFuture<T> future, Duration timeout) {
    try {
      return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while describing partitions", e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("cannot describe partitions: " + e, e);
    }
  }
}
