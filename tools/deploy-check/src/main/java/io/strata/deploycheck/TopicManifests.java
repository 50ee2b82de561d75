package io.strata.deploycheck;

import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes the Strimzi KafkaTopic resources of deploy/ from {@link Topics}: one per topic, with its
 * name, partitions, cleanup policy and retention. Plain maps to YAML (no Strimzi model classes).
 *
 * <p>Written with the KafkaUsers by {@link GeneratedManifests}: {@code cd tools/deploy-check && mvn
 * -o -q compile exec:java}.
 */
public final class TopicManifests {

  /** The Strimzi Kafka cluster the topics belong to (deploy/base/kafka/kafka.yaml). */
  public static final String KAFKA_CLUSTER = "strata";

  /** The command that regenerates the files, for error messages. */
  public static final String REGENERATE_COMMAND =
      "cd tools/deploy-check && mvn -o -q compile exec:java";

  /** The generated files, relative to the repository root, with their replication factor. */
  public static final Map<String, Integer> FILES =
      Map.of(
          "deploy/base/kafka/topics.yaml", 3,
          "deploy/overlays/local/kafka/topics.yaml", 1,
          "charts/strata/files/kafka/topics.yaml", 3);

  private TopicManifests() {}

  /** The Kubernetes name of a topic's KafkaTopic resource. */
  public static String resourceName(Topic<?, ?> topic) {
    return "strata-" + topic.id();
  }

  /** One KafkaTopic resource per topic, in {@link Topics#all()} order. */
  public static List<Map<String, Object>> resources(int replicas) {
    return Topics.all().stream().map(topic -> resource(topic, replicas)).toList();
  }

  /** The text of a generated file. */
  public static String render(int replicas) {
    return ManifestYaml.documents(
        "# GENERATED from io.strata.events.topic.Topics: do not edit.\n# Regenerate: "
            + REGENERATE_COMMAND
            + "\n",
        resources(replicas));
  }

  private static Map<String, Object> resource(Topic<?, ?> topic, int replicas) {
    Map<String, Object> labels = new LinkedHashMap<>();
    labels.put("strimzi.io/cluster", KAFKA_CLUSTER);
    labels.put("app.kubernetes.io/part-of", "strata");
    Map<String, Object> metadata = new LinkedHashMap<>();
    metadata.put("name", resourceName(topic));
    metadata.put("labels", labels);
    Map<String, Object> config = new LinkedHashMap<>();
    new TreeMap<>(topic.configs()).forEach((key, value) -> config.put(key, numberOrText(value)));
    Map<String, Object> spec = new LinkedHashMap<>();
    spec.put("topicName", topic.name());
    spec.put("partitions", topic.defaultPartitions());
    spec.put("replicas", replicas);
    spec.put("config", config);
    Map<String, Object> resource = new LinkedHashMap<>();
    resource.put("apiVersion", "kafka.strimzi.io/v1beta2");
    resource.put("kind", "KafkaTopic");
    resource.put("metadata", metadata);
    resource.put("spec", spec);
    return resource;
  }

  private static Object numberOrText(String value) {
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException e) {
      return value;
    }
  }
}
