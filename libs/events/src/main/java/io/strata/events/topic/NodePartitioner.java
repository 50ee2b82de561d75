package io.strata.events.topic;

import java.util.Map;
import org.apache.kafka.clients.producer.Partitioner;
import org.apache.kafka.common.Cluster;

/**
 * The producer partitioner every producer of a {@link Partitioning#NODE} topic uses ({@code
 * partitioner.class}). Records of other topics (a producer may write several) keep Kafka's default
 * key hash.
 */
public final class NodePartitioner implements Partitioner {

  @Override
  public int partition(
      String topic, Object key, byte[] keyBytes, Object value, byte[] valueBytes, Cluster cluster) {
    int partitions = cluster.partitionCountForTopic(topic);
    boolean byNode =
        Topics.byName(topic).map(t -> t.partitioning() == Partitioning.NODE).orElse(false);
    if (keyBytes == null) {
      throw new IllegalArgumentException("topic " + topic + " needs keyed records");
    }
    if (byNode) {
      // The serialised key (Strata keys are UTF-8 strings), whatever the producer's key type. A key
      // without cluster/node cannot be placed by node: it keeps the key hash, and its reader
      // rejects it with a reason (the partitioner is no place to lose a record).
      String text = new String(keyBytes, java.nio.charset.StandardCharsets.UTF_8);
      if (NodePartitioning.hasNodePrefix(text)) {
        return NodePartitioning.partition(text, partitions);
      }
    }
    return org.apache.kafka.common.utils.Utils.toPositive(
            org.apache.kafka.common.utils.Utils.murmur2(keyBytes))
        % partitions;
  }

  @Override
  public void configure(Map<String, ?> configs) {}

  @Override
  public void close() {}
}
