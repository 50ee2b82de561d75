package io.strata.liverun;

import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.common.TopicPartition;

/** A consumer group's lag per topic: end offset minus committed offset, summed over partitions. */
final class Lag {

  private Lag() {}

  /**
   * Partitions the group never committed are not counted (it does not read them). With exactly-once
   * (the correlator) a caught-up partition can show 1: the end offset counts the transaction's
   * commit marker.
   */
  static Map<String, Long> byTopic(
      Map<TopicPartition, Long> committed, Map<TopicPartition, Long> endOffsets) {
    Map<String, Long> lag = new TreeMap<>();
    committed.forEach(
        (partition, offset) -> {
          Long end = endOffsets.get(partition);
          if (end != null) {
            lag.merge(partition.topic(), Math.max(0, end - offset), Long::sum);
          }
        });
    return lag;
  }

  /** Records per topic, summed over partitions: what producers have written so far. */
  static Map<String, Long> totals(Map<TopicPartition, Long> endOffsets) {
    Map<String, Long> totals = new TreeMap<>();
    endOffsets.forEach((partition, end) -> totals.merge(partition.topic(), end, Long::sum));
    return totals;
  }
}
