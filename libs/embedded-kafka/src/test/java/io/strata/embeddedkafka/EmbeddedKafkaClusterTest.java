package io.strata.embeddedkafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.events.Correlation;
import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import io.strata.events.topic.PartitionsOnline;
import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class EmbeddedKafkaClusterTest {

  private static TestKafka kafka;

  @BeforeAll
  static void start() {
    kafka = KafkaProvider.EMBEDDED.start(1);
  }

  @AfterAll
  static void stop() {
    kafka.close();
    kafka.close(); // closing twice must be harmless
  }

  @Test
  void createsEveryStrataTopicFromItsDescriptor() throws Exception {
    try (Admin admin =
        Admin.create(
            Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()))) {
      Set<String> names = admin.listTopics().names().get();
      assertThat(names).containsAll(Topics.all().stream().map(Topic::name).toList());

      Map<String, TopicDescription> descriptions =
          admin
              .describeTopics(Topics.all().stream().map(Topic::name).toList())
              .allTopicNames()
              .get();
      for (Topic<?, ?> topic : Topics.all()) {
        assertThat(descriptions.get(topic.name()).partitions())
            .as(topic.name())
            .hasSize(topic.defaultPartitions());
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic.name());
        String policy =
            admin
                .describeConfigs(List.of(resource))
                .all()
                .get()
                .get(resource)
                .get(TopicConfig.CLEANUP_POLICY_CONFIG)
                .value();
        assertThat(policy).as(topic.name()).isEqualTo(topic.cleanupPolicy().kafkaValue());
      }
    }
  }

  @Test
  void everyPartitionIsOpenAtItsLeaderWhenStartReturns() throws Exception {
    try (Admin admin =
        Admin.create(
            Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()))) {
      // The replica manager's view, not the metadata's: what a producer's first batch meets.
      Set<TopicPartition> held =
          admin.describeLogDirs(List.of(0)).allDescriptions().get().get(0).values().stream()
              .flatMap(dir -> dir.replicaInfos().keySet().stream())
              .collect(Collectors.toSet());
      Set<TopicPartition> expected =
          Topics.all().stream()
              .flatMap(
                  t ->
                      IntStream.range(0, t.defaultPartitions())
                          .mapToObj(p -> new TopicPartition(t.name(), p)))
              .collect(Collectors.toSet());
      assertThat(held).containsAll(expected);
    }
  }

  @Test
  void aTopicNoBrokerKnowsIsWaitedForAndNamedWhenTheWaitEnds() {
    try (Admin admin =
        Admin.create(
            Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()))) {
      // Unknown topic is a retriable answer (a new topic's metadata may lag): asked again, then
      // named.
      assertThatThrownBy(
              () -> PartitionsOnline.await(admin, List.of("never-created"), Duration.ofSeconds(1)))
          .isInstanceOf(IllegalStateException.class)
          .hasMessage("partitions not online after PT1S: [never-created (not described)]");
    }
  }

  @Test
  void producesAndConsumesTypedEventsWithCloudEventHeaders() {
    Incident incident =
        new Incident(
            "inc-1",
            1,
            IncidentClass.QUEUE_BACKLOG,
            null,
            IncidentState.OPEN,
            "queue backlog",
            Correlation.builder().cluster("c1").namespace("ml").workload("llm").build(),
            null,
            null,
            null,
            null,
            List.of(),
            Instant.parse("2026-11-30T10:00:00Z"),
            null,
            null,
            null,
            Incident.FIRST_EPISODE,
            null);
    try (KafkaTestClient client = new KafkaTestClient(kafka.bootstrapServers())) {
      client.send(Topics.INCIDENTS, "inc-1", incident);
      List<ConsumerRecord<String, Incident>> records =
          client.readAtLeast(Topics.INCIDENTS, 1, Duration.ofSeconds(20));
      assertThat(records).hasSize(1);
      assertThat(records.get(0).key()).isEqualTo("inc-1");
      assertThat(records.get(0).value()).isEqualTo(incident);
      assertThat(CloudEventHeaders.read(records.get(0).headers()))
          .hasValueSatisfying(ce -> assertThat(ce.type()).isEqualTo("io.strata.incident.v1"));
    }
  }
}
