package io.strata.correlatorbench;

import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * The correlator's input topics (its {@code quarkus.kafka-streams.topics}) and the offset sums the
 * benchmark reads from the broker.
 */
final class InputTopics {

  static final List<Topic<String, ?>> ALL =
      List.of(
          Topics.DEVICE_SAMPLES,
          Topics.DEVICE_XIDS,
          Topics.K8S_PODS,
          Topics.K8S_NODES,
          Topics.K8S_CLAIMS,
          Topics.K8S_EVENTS,
          Topics.TRACE_SPANS);

  private InputTopics() {}

  static Set<String> names() {
    return ALL.stream().map(Topic::name).collect(Collectors.toUnmodifiableSet());
  }

  static Map<TopicPartition, Long> endOffsets(Admin admin, Collection<String> topics)
      throws Exception {
    Set<TopicPartition> partitions =
        admin.describeTopics(topics).allTopicNames().get().values().stream()
            .flatMap(
                d -> d.partitions().stream().map(p -> new TopicPartition(d.name(), p.partition())))
            .collect(Collectors.toSet());
    return admin
        .listOffsets(
            partitions.stream().collect(Collectors.toMap(p -> p, p -> OffsetSpec.latest())))
        .all()
        .get()
        .entrySet()
        .stream()
        .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().offset()));
  }

  /** The group's committed offsets (empty before its first commit). */
  static Map<TopicPartition, OffsetAndMetadata> committed(Admin admin, String groupId)
      throws Exception {
    return admin
        .listConsumerGroupOffsets(groupId)
        .partitionsToOffsetAndMetadata()
        .get(30, TimeUnit.SECONDS);
  }

  /**
   * Records of {@code ends} the group has not committed yet (a partition without a commit counts
   * whole: every topic starts at offset 0 on the fresh broker).
   */
  static long lag(
      Map<TopicPartition, OffsetAndMetadata> committed, Map<TopicPartition, Long> ends) {
    long lag = 0;
    for (Map.Entry<TopicPartition, Long> end : ends.entrySet()) {
      OffsetAndMetadata commit = committed.get(end.getKey());
      lag += Math.max(0, end.getValue() - (commit == null ? 0 : commit.offset()));
    }
    return lag;
  }

  /**
   * End offsets of the application's repartition topics ({@code <application id>-...-repartition},
   * Kafka Streams' naming). Transaction markers count in them, but Streams commits its consumer
   * position once a partition is read to the end, so a drained app has lag 0 on them too.
   */
  static Map<TopicPartition, Long> repartitionEnds(Admin admin, String applicationId)
      throws Exception {
    Set<String> internal =
        admin.listTopics().names().get().stream()
            .filter(n -> n.startsWith(applicationId + "-") && n.endsWith("-repartition"))
            .collect(Collectors.toSet());
    return internal.isEmpty() ? Map.of() : endOffsets(admin, internal);
  }

  static long sum(Map<TopicPartition, Long> offsets) {
    return offsets.values().stream().mapToLong(Long::longValue).sum();
  }
}
