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
import org.apache.kafka.common.errors.RetriableException;

/**
 * Waits until a freshly created topic's partitions accept writes: each has a leader, and that
 * leader holds the partition's log.
 *
 * <p>Why: a created topic is in the metadata a broker serves before the broker's replica manager
 * has made itself the partition's leader, so a producer that starts at once gets
 * NOT_LEADER_OR_FOLLOWER. With idempotence (every Kafka producer's default) the retry of the
 * rejected first batch can then meet its own later batches already appended, and the broker answers
 * OUT_OF_ORDER_SEQUENCE_NUMBER until the batch expires at {@code delivery.timeout.ms} (two minutes
 * by default), as the correlator's HeadOfLineBrokerTest did. The log directories a broker reports
 * are its log manager's, not the metadata's, and a new partition's log is created as its leader
 * takes it, so they say when the partition is open there. This holds for new topics; after a broker
 * restart the logs are loaded from disk before the partitions are led again, so the check can pass
 * a moment early (as no check did before).
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
    List<TopicPartition> offline = offline(admin, topics, deadline);
    while (!offline.isEmpty()) {
      if (System.nanoTime() - deadline > 0) {
        throw new IllegalStateException(
            "partitions not online after " + timeout + ": " + describe(offline));
      }
      try {
        Thread.sleep(POLL_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while waiting for partition leaders", e);
      }
      offline = offline(admin, topics, deadline);
    }
  }

  /**
   * The partitions without a leader, or whose leader does not report their log yet. A retriable
   * failure (a broker that does not know the new topic yet, a dropped connection) counts every
   * partition as offline, to be asked again.
   */
  private static List<TopicPartition> offline(
      Admin admin, Collection<String> topics, long deadline) {
    Map<String, TopicDescription> descriptions =
        get(admin.describeTopics(topics).allTopicNames(), deadline);
    if (descriptions == null) {
      return unknown(topics);
    }
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
          get(admin.describeLogDirs(brokers).allDescriptions(), deadline);
      if (logDirs == null) {
        offline.addAll(leaders.keySet());
        return offline;
      }
      leaders.forEach(
          (partition, leader) -> {
            if (!holds(logDirs.get(leader), partition)) {
              offline.add(partition);
            }
          });
    }
    return offline;
  }

  // Stands for the topics' partitions when they could not be described (their count unknown).
  private static List<TopicPartition> unknown(Collection<String> topics) {
    return topics.stream().map(topic -> new TopicPartition(topic, -1)).toList();
  }

  private static boolean holds(Map<String, LogDirDescription> dirs, TopicPartition partition) {
    return dirs != null
        && dirs.values().stream().anyMatch(d -> d.replicaInfos().containsKey(partition));
  }

  private static String describe(List<TopicPartition> partitions) {
    List<String> names =
        partitions.stream()
            .map(p -> p.partition() < 0 ? p.topic() + " (not described)" : p.toString())
            .sorted()
            .toList();
    return names.size() <= 10
        ? names.toString()
        : names.subList(0, 10) + " and " + (names.size() - 10) + " more";
  }

  /** The future's value; null when asking again may answer (a retriable error, or time ran out). */
  private static <T> T get(KafkaFuture<T> future, long deadline) {
    long left = Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
    try {
      return future.get(left, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while describing partitions", e);
    } catch (TimeoutException e) {
      return null; // the deadline check names what is still offline
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RetriableException) {
        return null;
      }
      throw new IllegalStateException("cannot describe partitions: " + e.getCause(), e);
    }
  }
}
