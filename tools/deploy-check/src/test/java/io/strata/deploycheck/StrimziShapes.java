package io.strata.deploycheck;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.deploycheck.kustomize.ResourceId;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The Strimzi resources (kafka.strimzi.io/v1beta2) are checked against the fields of Strimzi's CRDs
 * that deploy/ may use, by hand: Strimzi's typed API jar brings annotation processing warnings that
 * -Werror turns into build failures.
 */
final class StrimziShapes {

  static final String API = "kafka.strimzi.io/v1beta2";

  /** Kind → allowed fields of spec, and of each nested object by dotted path. */
  private static final Map<String, Map<String, Set<String>>> FIELDS =
      Map.of(
          "KafkaTopic",
          Map.of("spec", Set.of("topicName", "partitions", "replicas", "config")),
          "KafkaUser",
          Map.of(
              "spec", Set.of("authentication", "authorization", "quotas", "template"),
              "spec.authentication", Set.of("type"),
              "spec.authorization", Set.of("type", "acls")),
          "KafkaNodePool",
          Map.of(
              "spec", Set.of("replicas", "roles", "storage", "resources", "jvmOptions", "template"),
              "spec.storage", Set.of("type", "volumes", "size", "class", "deleteClaim"),
              "spec.resources", Set.of("requests", "limits")),
          "Kafka",
          Map.of(
              "spec", Set.of("kafka", "entityOperator", "kafkaExporter", "cruiseControl"),
              "spec.kafka",
                  Set.of(
                      "version",
                      "metadataVersion",
                      "listeners",
                      "config",
                      "authorization",
                      "rack",
                      "metricsConfig",
                      "template"),
              "spec.entityOperator", Set.of("topicOperator", "userOperator", "template")));

  private static final Set<String> LISTENER_FIELDS =
      Set.of("name", "port", "type", "tls", "authentication", "configuration");

  /** The operations a Strimzi simple-authorization ACL may name (KafkaUser CRD). */
  private static final Set<String> ACL_OPERATIONS =
      Set.of(
          "Read",
          "Write",
          "Create",
          "Delete",
          "Alter",
          "Describe",
          "ClusterAction",
          "AlterConfigs",
          "DescribeConfigs",
          "IdempotentWrite",
          "All");

  private static final Set<String> VOLUME_FIELDS =
      Set.of("id", "type", "size", "class", "deleteClaim", "kraftMetadata");

  private StrimziShapes() {}

  static boolean handles(JsonNode object) {
    return API.equals(object.path("apiVersion").asText());
  }

  static void check(ObjectNode object) {
    String kind = object.path("kind").asText();
    String where = ResourceId.of(object).toString();
    assertThat(FIELDS).as(where + ": a Strimzi kind deploy/ may use").containsKey(kind);
    assertThat(fieldNames(object)).as(where).isSubsetOf("apiVersion", "kind", "metadata", "spec");
    if (!kind.equals("Kafka")) {
      assertThat(object.path("metadata").path("labels").path("strimzi.io/cluster").asText())
          .as(where + " names its Kafka cluster")
          .isNotEmpty();
    }
    FIELDS
        .get(kind)
        .forEach(
            (path, allowed) -> {
              JsonNode node = object.at("/" + path.replace('.', '/'));
              if (!node.isMissingNode()) {
                assertThat(fieldNames(node)).as(where + " " + path).isSubsetOf(allowed);
              }
            });
    object
        .at("/spec/kafka/listeners")
        .forEach(l -> assertThat(fieldNames(l)).as(where).isSubsetOf(LISTENER_FIELDS));
    object
        .at("/spec/authorization/acls")
        .forEach(
            acl -> {
              assertThat(fieldNames(acl)).as(where).isSubsetOf("resource", "operations", "host");
              assertThat(fieldNames(acl.path("resource")))
                  .as(where)
                  .isSubsetOf("type", "name", "patternType");
              assertThat(acl.at("/resource/type").asText())
                  .as(where)
                  .isIn("topic", "group", "cluster", "transactionalId");
              assertThat(acl.at("/resource/patternType").asText())
                  .as(where)
                  .isIn("literal", "prefix");
              acl.path("operations")
                  .forEach(op -> assertThat(op.asText()).as(where).isIn(ACL_OPERATIONS));
            });
    object
        .at("/spec/storage/volumes")
        .forEach(v -> assertThat(fieldNames(v)).as(where).isSubsetOf(VOLUME_FIELDS));
    if (kind.equals("KafkaNodePool")) {
      assertThat(object.at("/spec/roles").toString()).as(where).contains("broker");
    }
  }

  private static Set<String> fieldNames(JsonNode node) {
    Set<String> names = new HashSet<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
