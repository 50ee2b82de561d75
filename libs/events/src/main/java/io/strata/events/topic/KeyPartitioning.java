package io.strata.events.topic;

import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.utils.Utils;

/**
 * The partition Kafka's default partitioner gives a keyed record ({@link Partitioning#KEY_HASH}):
 * {@code toPositive(murmur2(key bytes)) % partitions}, as kafka-clients' {@code
 * BuiltInPartitioner.partitionForKey} computes it (that class is internal to the producer, so the
 * formula is repeated here over the public {@link Utils}). Strata keys are UTF-8 strings, so a
 * reader can find the one partition that holds a key (the console reads a trace's spans from the
 * partition of its trace id) without scanning the others.
 */
public final class KeyPartitioning {

  private KeyPartitioning() {}

  /** The partition of {@code key} in a topic of {@code partitions} partitions. */
  public static int partition(String key, int partitions) {
    if (partitions < 1) {
      throw new IllegalArgumentException("partitions must be at least 1, got " + partitions);
    }
    if (key == null) {
      throw new IllegalArgumentException("a key-hashed record needs a key");
    }
    return Utils.toPositive(Utils.murmur2(key.getBytes(StandardCharsets.UTF_8))) % partitions;
  }
}
