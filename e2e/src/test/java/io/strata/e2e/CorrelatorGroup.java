package io.strata.e2e;

import io.strata.events.topic.NodePartitioning;
import io.strata.events.topic.Topics;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;

/**
 * What the brokers say about the correlator instances' Kafka Streams group and the XID topic: which
 * instance's stream thread works on a node's XID partition (its consumer's client id starts with
 * the instance's name, {@code kafka-streams.client.id}) and which broker leads that partition.
 */
final class CorrelatorGroup implements AutoCloseable {

  /** The correlator's {@code quarkus.kafka-streams.application-id}: its group's id. */
  static final String GROUP = "strata-correlator";

  private static final Duration CALL_TIMEOUT = Duration.ofSeconds(20);

  private final Admin admin;

  CorrelatorGroup(String bootstrapServers) {
    this.admin =
        Admin.create(
            Map.<String, Object>of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers));
  }

  /** The XID partition of {@code node}'s records (node-partitioned, docs/EVENTS.md). */
  static TopicPartition xidPartition(String node) {
    return new TopicPartition(
        Topics.DEVICE_XIDS.name(),
        NodePartitioning.partition(
            StrataSystem.CLUSTER + "/" + node, Topics.DEVICE_XIDS.defaultPartitions()));
  }

  /** The instance among {@code instances} whose stream thread holds {@code partition} now. */
  Optional<String> owner(TopicPartition partition, List<String> instances) {
    for (MemberDescription member : describe().members()) {
      if (member.assignment().topicPartitions().contains(partition)) {
        return instances.stream().filter(i -> member.clientId().startsWith(i + "-")).findFirst();
      }
    }
    return Optional.empty();
  }

  /** Whether the group is stable with {@code instance}'s thread its only member. */
  boolean soleMember(String instance) {
    ConsumerGroupDescription group = describe();
    return group.groupState() == GroupState.STABLE
        && group.members().size() == 1
        && group.members().iterator().next().clientId().startsWith(instance + "-");
  }

  /** The id of the broker leading {@code partition}. */
  int leader(TopicPartition partition) {
    return get(admin.describeTopics(List.of(partition.topic())).allTopicNames())
        .get(partition.topic())
        .partitions()
        .get(partition.partition())
        .leader()
        .id();
  }

  private ConsumerGroupDescription describe() {
    return get(admin.describeConsumerGroups(List.of(GROUP)).describedGroups().get(GROUP));
  }

  private static <T> T get(KafkaFuture<T> future) {
    try {
      return future.get(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted in an admin call", e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("admin call failed: " + e, e);
    }
  }

  @Override
  public void close() {
    admin.close(Duration.ofSeconds(5));
  }
}
