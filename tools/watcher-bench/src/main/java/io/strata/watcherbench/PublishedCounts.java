package io.strata.watcherbench;

import io.strata.events.topic.Topics;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;

/** Records on k8s-watcher's four topics so far (sum of end offsets), read through the admin API. */
final class PublishedCounts implements AutoCloseable {

  static final List<String> TOPICS =
      List.of(
          Topics.K8S_PODS.name(),
          Topics.K8S_NODES.name(),
          Topics.K8S_CLAIMS.name(),
          Topics.K8S_EVENTS.name());

  private final Admin admin;

  PublishedCounts(String bootstrap) {
    this.admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap));
  }

  /** Topic name → records written so far. */
  Map<String, Long> now() throws ExecutionException, InterruptedException {
    Map<String, TopicDescription> topics = admin.describeTopics(TOPICS).allTopicNames().get();
    Map<TopicPartition, OffsetSpec> latest =
        topics.values().stream()
            .flatMap(
                t -> t.partitions().stream().map(p -> new TopicPartition(t.name(), p.partition())))
            .collect(Collectors.toMap(tp -> tp, tp -> OffsetSpec.latest()));
    return admin.listOffsets(latest).all().get().entrySet().stream()
        .collect(
            Collectors.groupingBy(
                e -> e.getKey().topic(), Collectors.summingLong(e -> e.getValue().offset())));
  }

  @Override
  public void close() {
    admin.close();
  }
}
