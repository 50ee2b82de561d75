package io.strata.deploycheck.acl;

import io.strata.deploycheck.ManifestYaml;
import io.strata.events.topic.Topic;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Writes the Strimzi KafkaUser resources of deploy/ from {@link KafkaAccess}: SCRAM-SHA-512
 * authentication (ADR 010) and {@code simple} authorization with one ACL per topic, group,
 * internal-topic prefix and transactional-id prefix the service needs, nothing else.
 *
 * <p>The ACL shape is Strimzi's KafkaUser v1beta2 ({@code spec.authorization.acls[].resource} with
 * type topic / group / transactionalId and patternType literal / prefix, {@code operations} a
 * list). Idempotent producers need only Write on their topics since Kafka 3.0 (KIP-679: no
 * IdempotentWrite on the cluster). Kafka Streams needs, on its application id as a prefix: its
 * internal (repartition and changelog) topics created, described, read, written and purged (Delete:
 * repartition records are deleted once committed), its consumer group, and under exactly_once_v2
 * its transactional ids {@code <application.id>-<process id>-<thread>}.
 */
public final class KafkaUserManifests {

  /** The Kafka cluster the users belong to (deploy/base/kafka/kafka.yaml). */
  public static final String KAFKA_CLUSTER = "strata";

  /** The SASL mechanism of the users and of the Kafka listener (ADR 010). */
  public static final String AUTHENTICATION = "scram-sha-512";

  /** The generated file, relative to the repository root. */
  public static final String FILE = "deploy/base/kafka/users.yaml";

  /** The chart's copy of the same file (charts/strata renders its KafkaUsers from it). */
  public static final String CHART_FILE = "charts/strata/files/kafka/users.yaml";

  static final List<String> PRODUCE = List.of("Describe", "Write");
  static final List<String> CONSUME = List.of("Describe", "Read");
  static final List<String> STREAMS_INTERNAL_TOPICS =
      List.of("Create", "Delete", "Describe", "DescribeConfigs", "Read", "Write");
  static final List<String> TRANSACTIONS = List.of("Describe", "Write");

  private KafkaUserManifests() {}

  /** The text of the generated file. */
  public static String render(String header) {
    return ManifestYaml.documents(
        header, KafkaAccess.ALL.stream().map(KafkaUserManifests::resource).toList());
  }

  /** The ACLs of one service as (resource type, pattern type, name) → sorted operations. */
  public static Map<String, List<String>> acls(KafkaAccess access) {
    Map<String, TreeSet<String>> acls = new TreeMap<>();
    for (Topic<?, ?> topic : access.produces()) {
      acls.computeIfAbsent(key("topic", "literal", topic.name()), k -> new TreeSet<>())
          .addAll(PRODUCE);
    }
    for (Topic<?, ?> topic : access.consumes()) {
      acls.computeIfAbsent(key("topic", "literal", topic.name()), k -> new TreeSet<>())
          .addAll(CONSUME);
    }
    for (String group : access.groups()) {
      acls.put(key("group", "literal", group), new TreeSet<>(List.of("Read")));
    }
    access
        .streamsApplicationId()
        .ifPresent(
            id -> {
              acls.put(key("topic", "prefix", id), new TreeSet<>(STREAMS_INTERNAL_TOPICS));
              acls.put(key("group", "literal", id), new TreeSet<>(List.of("Read")));
              acls.put(key("transactionalId", "prefix", id), new TreeSet<>(TRANSACTIONS));
            });
    Map<String, List<String>> sorted = new TreeMap<>();
    acls.forEach((k, ops) -> sorted.put(k, List.copyOf(ops)));
    return sorted;
  }

  /** How {@link #acls} names a resource: {@code type/patternType/name}. */
  public static String key(String type, String patternType, String name) {
    return type + "/" + patternType + "/" + name;
  }

  private static Map<String, Object> resource(KafkaAccess access) {
    List<Map<String, Object>> acls = new ArrayList<>();
    acls(access)
        .forEach(
            (key, operations) -> {
              String[] parts = key.split("/", 3);
              Map<String, Object> resource = new LinkedHashMap<>();
              resource.put("type", parts[0]);
              resource.put("name", parts[2]);
              resource.put("patternType", parts[1]);
              Map<String, Object> acl = new LinkedHashMap<>();
              acl.put("resource", resource);
              acl.put("operations", operations);
              acls.add(acl);
            });
    Map<String, Object> labels = new LinkedHashMap<>();
    labels.put("strimzi.io/cluster", KAFKA_CLUSTER);
    labels.put("app.kubernetes.io/part-of", "strata");
    Map<String, Object> metadata = new LinkedHashMap<>();
    metadata.put("name", access.user());
    metadata.put("labels", labels);
    Map<String, Object> authorization = new LinkedHashMap<>();
    authorization.put("type", "simple");
    authorization.put("acls", acls);
    Map<String, Object> spec = new LinkedHashMap<>();
    spec.put("authentication", Map.of("type", AUTHENTICATION));
    spec.put("authorization", authorization);
    Map<String, Object> user = new LinkedHashMap<>();
    user.put("apiVersion", "kafka.strimzi.io/v1beta2");
    user.put("kind", "KafkaUser");
    user.put("metadata", metadata);
    user.put("spec", spec);
    return user;
  }
}
