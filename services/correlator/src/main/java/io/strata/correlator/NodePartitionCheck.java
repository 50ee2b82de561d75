package io.strata.correlator;

import io.strata.events.topic.Partitioning;
import io.strata.events.topic.Topics;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.jboss.logging.Logger;

/**
 * The node side reads the node-partitioned topics co-partitioned with its node-inputs repartition
 * topic: that holds only if they all have {@code strata.correlator.node-partitions} partitions.
 * Checked once at startup, so a mismatch fails the start naming the key instead of silently joining
 * the wrong nodes' state.
 */
final class NodePartitionCheck {

  private static final Logger LOG = Logger.getLogger(NodePartitionCheck.class);

  private NodePartitionCheck() {}

  static void verify(String bootstrapServers, int nodePartitions) {
    List<String> topics =
        Topics.all().stream()
            .filter(t -> t.partitioning() == Partitioning.NODE)
            .map(t -> t.name())
            .toList();
    try (Admin admin =
        Admin.create(
            Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 10_000,
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000))) {
      for (String topic : topics) {
        check(admin, topic, nodePartitions);
      }
    }
  }

  private static void check(Admin admin, String topic, int nodePartitions) {
    try {
      TopicDescription description =
          admin
              .describeTopics(List.of(topic))
              .topicNameValues()
              .get(topic)
              .get(15, TimeUnit.SECONDS);
      int found = description.partitions().size();
      if (found != nodePartitions) {
        throw new IllegalStateException(
            "strata.correlator.node-partitions is "
                + nodePartitions
                + " but topic "
                + topic
                + " has "
                + found
                + " partitions: the node-partitioned topics and the node side must have the same"
                + " count (see docs/EVENTS.md, partitioning)");
      }
    } catch (ExecutionException e) {
      if (e.getCause() instanceof UnknownTopicOrPartitionException) {
        LOG.infof(
            "topic %s does not exist yet; it must be created with %d partitions",
            topic, nodePartitions);
        return;
      }
      LOG.warnf("could not check the partitions of %s: %s", topic, e.getCause());
    } catch (TimeoutException e) {
      LOG.warnf("could not check the partitions of %s within 15 s", topic);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
