package io.strata.e2e;

import io.strata.embeddedkafka.EmbeddedKafkaCluster;
import io.strata.events.topic.TopicProvisioner;
import java.util.Map;

/**
 * A cluster of several in-JVM brokers replicated as deploy/base/kafka/kafka.yaml (the chart's
 * example cluster) replicates: three copies of every topic, Strata's and Kafka Streams' internal
 * ones alike (their replication factor is the broker default), two in sync for a write, so one
 * broker stopped loses nothing and blocks no write.
 */
final class ReplicatedKafka {

  /** deploy/'s replication factor, of every topic. */
  static final int REPLICAS = 3;

  /** deploy/base/kafka/kafka.yaml's {@code spec.kafka.config} on replication, as it sets it. */
  static final Map<String, String> DEPLOYED_REPLICATION =
      Map.of(
          "default.replication.factor", Integer.toString(REPLICAS),
          "min.insync.replicas", "2",
          "offsets.topic.replication.factor", Integer.toString(REPLICAS),
          "transaction.state.log.replication.factor", Integer.toString(REPLICAS),
          "transaction.state.log.min.isr", "2");

  private ReplicatedKafka() {}

  /**
   * Starts {@code brokers} brokers (at least {@link #REPLICAS}) and creates Strata's topics on
   * them; always the in-JVM provider (the Testcontainers one runs a single broker).
   */
  static EmbeddedKafkaCluster start(int brokers) {
    EmbeddedKafkaCluster cluster = EmbeddedKafkaCluster.start(brokers, DEPLOYED_REPLICATION);
    try {
      TopicProvisioner.createAll(cluster.bootstrapServers(), (short) REPLICAS);
      return cluster;
    } catch (RuntimeException e) {
      cluster.close();
      throw e;
    }
  }
}
