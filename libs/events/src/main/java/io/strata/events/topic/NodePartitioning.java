package io.strata.events.topic;

/**
 * The one function behind {@link Partitioning#NODE}: a record goes to the partition Kafka's default
 * partitioner would choose for the key {@code cluster/node}. Producers ({@link NodePartitioner}),
 * Kafka Streams repartitions and tests all call this, so a node's records meet on one partition
 * number across every node-partitioned topic with the same partition count.
 */
public final class NodePartitioning {

  private NodePartitioning() {}

  /**
   * The partition of a key whose first two '/'-separated parts are cluster and node.
   *
   * @throws IllegalArgumentException when the key has no cluster/node prefix
   */
  public static int partition(String key, int partitions) {
    return KeyPartitioning.partition(nodePrefix(key), partitions);
  }

  /** Whether the key starts with a non-empty cluster and node. */
  public static boolean hasNodePrefix(String key) {
    if (key == null) {
      return false;
    }
    int first = key.indexOf('/');
    if (first <= 0 || first == key.length() - 1) {
      return false;
    }
    return key.charAt(first + 1) != '/';
  }

  /** {@code cluster/node} of a key {@code cluster/node[/...]}. */
  public static String nodePrefix(String key) {
    if (key == null) {
      throw new IllegalArgumentException("a node-partitioned record needs a cluster/node key");
    }
    int first = key.indexOf('/');
    if (first <= 0) {
      throw new IllegalArgumentException("key '" + key + "' has no cluster/node prefix");
    }
    int second = key.indexOf('/', first + 1);
    if (second == first + 1 || (second < 0 && first == key.length() - 1)) {
      throw new IllegalArgumentException("key '" + key + "' has an empty node part");
    }
    return second < 0 ? key : key.substring(0, second);
  }
}
