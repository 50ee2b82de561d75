package io.strata.events.topic;

/**
 * How a topic's records are spread over its partitions: part of the topic's contract, because a
 * reader may rely on it (the correlator reads node-partitioned topics without repartitioning them).
 */
public enum Partitioning {
  UNSPECIFIED,
  /** Kafka's default: murmur2 of the serialised key. */
  KEY_HASH,
  /**
   * By node: murmur2 of the key's {@code cluster/node} prefix (the key's first two '/'-separated
   * parts), so every record of one node shares a partition whatever else the key names. Producers
   * use {@link NodePartitioner}; for a key that is exactly {@code cluster/node} this equals
   * KEY_HASH.
   */
  NODE
}
