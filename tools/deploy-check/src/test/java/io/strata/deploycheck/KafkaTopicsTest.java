package io.strata.deploycheck;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.deploycheck.kustomize.Rendering;
import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/** The KafkaTopic resources of deploy/ are the topic descriptors of libs/events, exactly. */
class KafkaTopicsTest {

  static final List<String> OVERLAYS = Repo.OVERLAYS;

  @Test
  void theGeneratedFilesAreUpToDate() {
    TopicManifests.FILES.forEach(
        (file, replicas) ->
            assertThat(Repo.read(Repo.ROOT.resolve(file)))
                .as(
                    file
                        + " is out of date with io.strata.events.topic.Topics; regenerate it: "
                        + TopicManifests.REGENERATE_COMMAND)
                .isEqualTo(TopicManifests.render(replicas)));
  }

  @ParameterizedTest
  @FieldSource("OVERLAYS")
  void everyTopicIsRenderedWithItsDescriptorsSettingsAndNoOther(String overlay) {
    Rendering rendering = Repo.overlay(overlay);
    Map<String, JsonNode> rendered =
        rendering.ofKind(StrimziShapes.API, "KafkaTopic").stream()
            .collect(Collectors.toMap(t -> t.at("/spec/topicName").asText(), Function.identity()));
    assertThat(rendered.keySet())
        .as(overlay + ": the topics of Topics.all()")
        .containsExactlyInAnyOrderElementsOf(Topics.all().stream().map(Topic::name).toList());
    ObjectNode kafka =
        rendering
            .find(StrimziShapes.API, "Kafka", TopicManifests.KAFKA_CLUSTER)
            .orElseThrow(() -> new AssertionError(overlay + ": no Kafka CR"));
    int brokers = brokers(rendering);
    for (Topic<?, ?> topic : Topics.all()) {
      JsonNode resource = rendered.get(topic.name());
      String where = overlay + " " + topic.name();
      assertThat(resource.at("/metadata/name").asText())
          .as(where)
          .isEqualTo(TopicManifests.resourceName(topic));
      assertThat(resource.at("/metadata/labels/strimzi.io~1cluster").asText())
          .as(where)
          .isEqualTo(kafka.at("/metadata/name").asText());
      assertThat(resource.at("/spec/partitions").asInt())
          .as(where)
          .isEqualTo(topic.defaultPartitions());
      Map<String, String> config = new TreeMap<>();
      resource
          .at("/spec/config")
          .properties()
          .forEach(e -> config.put(e.getKey(), e.getValue().asText()));
      assertThat(config).as(where).isEqualTo(new TreeMap<>(topic.configs()));
      int replicas = resource.at("/spec/replicas").asInt();
      assertThat(replicas).as(where + ": replicas within the brokers").isBetween(1, brokers);
      int minInsync = kafka.at("/spec/kafka/config/min.insync.replicas").asInt(1);
      assertThat(minInsync)
          .as(where + ": acks=all producers need min.insync.replicas <= replicas")
          .isLessThanOrEqualTo(replicas);
    }
  }

  @ParameterizedTest
  @FieldSource("OVERLAYS")
  void theKafkaClusterRunsKraftNodePoolsWithTheTopicOperator(String overlay) {
    Rendering rendering = Repo.overlay(overlay);
    ObjectNode kafka =
        rendering.find(StrimziShapes.API, "Kafka", TopicManifests.KAFKA_CLUSTER).orElseThrow();
    assertThat(kafka.at("/spec/entityOperator/topicOperator").isObject()).isTrue();
    assertThat(kafka.has("zookeeper")).isFalse();
    assertThat(kafka.at("/spec/kafka/replicas").isMissingNode())
        .as("replicas belong to the node pools")
        .isTrue();
    String controllers =
        rendering.ofKind(StrimziShapes.API, "KafkaNodePool").stream()
            .map(pool -> pool.at("/spec/roles").toString())
            .collect(Collectors.joining());
    assertThat(controllers).as(overlay + ": KRaft controllers").contains("controller");
    int replicationFactor = kafka.at("/spec/kafka/config/default.replication.factor").asInt();
    assertThat(replicationFactor).isBetween(1, brokers(rendering));
    assertThat(kafka.at("/spec/kafka/config/offsets.topic.replication.factor").asInt())
        .isEqualTo(replicationFactor);
    int port = kafka.at("/spec/kafka/listeners/0/port").asInt();
    String bootstrap =
        rendering
            .find("v1", "ConfigMap", "strata-common")
            .orElseThrow()
            .at("/data/KAFKA_BOOTSTRAP_SERVERS")
            .asText();
    assertThat(bootstrap)
        .as("Strimzi's bootstrap Service of the Kafka CR, on its first listener's port")
        .isEqualTo(kafka.at("/metadata/name").asText() + "-kafka-bootstrap:" + port);
  }

  private static int brokers(Rendering rendering) {
    return rendering.ofKind(StrimziShapes.API, "KafkaNodePool").stream()
        .filter(pool -> pool.at("/spec/roles").toString().contains("broker"))
        .mapToInt(pool -> pool.at("/spec/replicas").asInt())
        .sum();
  }
}
