package io.strata.liverun;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.GroupListing;
import org.apache.kafka.clients.admin.ListGroupsOptions;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;

/**
 * Every consumer group's committed offsets and every topic's end offsets, through the Admin API.
 */
final class KafkaProbe implements AutoCloseable {

  /** One look: group → topic → lag, and topic → records written. */
  record Snapshot(Map<String, Map<String, Long>> lagByGroup, Map<String, Long> recordsByTopic) {}

  private final Admin admin;

  KafkaProbe(String bootstrap) {
    this.admin =
        Admin.create(
            Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrap,
                AdminClientConfig.CLIENT_ID_CONFIG,
                "strata-live-run"));
  }

  Snapshot snapshot() throws InterruptedException, ExecutionException, TimeoutException {
    Set<String> topics = admin.listTopics().names().get(10, TimeUnit.SECONDS);
    Map<String, TopicDescription> described =
        admin.describeTopics(topics).allTopicNames().get(10, TimeUnit.SECONDS);
    Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
    described
        .values()
        .forEach(
            d ->
                d.partitions()
                    .forEach(
                        p ->
                            latest.put(
                                new TopicPartition(d.name(), p.partition()), OffsetSpec.latest())));
    // read_committed: the last stable offset, what a transactional reader can reach.
    Map<TopicPartition, Long> ends = new HashMap<>();
    admin
        .listOffsets(latest, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED))
        .all()
        .get(10, TimeUnit.SECONDS)
        .forEach((partition, info) -> ends.put(partition, info.offset()));
    Map<String, Map<String, Long>> lag = new TreeMap<>();
    List<String> groups =
        admin
            .listGroups(ListGroupsOptions.forConsumerGroups())
            .all()
            .get(10, TimeUnit.SECONDS)
            .stream()
            .map(GroupListing::groupId)
            .toList();
    for (String group : groups) {
      Map<TopicPartition, OffsetAndMetadata> offsets =
          admin
              .listConsumerGroupOffsets(group)
              .partitionsToOffsetAndMetadata()
              .get(10, TimeUnit.SECONDS);
      Map<TopicPartition, Long> committed = new HashMap<>();
      offsets.forEach(
          (partition, meta) -> {
            if (meta != null) {
              committed.put(partition, meta.offset());
            }
          });
      lag.put(group, Lag.byTopic(committed, ends));
    }
    return new Snapshot(lag, Lag.totals(ends));
  }

  @Override
  public void close() {
    admin.close();
  }
}
