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
    if (byNode && key instanceof String text) {
      return NodePartitioning.partition(text, partitions);
    }
    if (keyBytes == null) {
      throw new IllegalArgumentException("topic " + topic + " needs keyed records");
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
