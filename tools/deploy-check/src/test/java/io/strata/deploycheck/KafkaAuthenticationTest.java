package io.strata.deploycheck;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.strata.deploycheck.acl.KafkaAccess;
import io.strata.deploycheck.acl.KafkaUserManifests;
import io.strata.deploycheck.kustomize.Rendering;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * The overlays that deploy the example Strimzi cluster (plain, knative) make Kafka a trust
 * boundary: TLS listeners with SCRAM-SHA-512 only, simple authorization, one KafkaUser per service
 * with exactly the generated ACLs, and each service's pod wired to its own user's Secret and the
 * cluster CA. The local overlay stays plaintext, without users or Secrets.
 */
class KafkaAuthenticationTest {

  static final List<String> SECURED = List.of("plain", "knative");

  /** Strimzi's Secret with the cluster CA certificate (PEM under ca.crt). */
  static final String CLUSTER_CA = KafkaUserManifests.KAFKA_CLUSTER + "-cluster-ca-cert";

  @ParameterizedTest
  @FieldSource("SECURED")
  void everyListenerAuthenticatesOverTlsAndEveryOperationIsAuthorized(String overlay) {
    Rendering rendering = Repo.overlay(overlay);
    ObjectNode kafka = kafka(rendering);
    assertThat(kafka.at("/spec/kafka/authorization/type").asText()).isEqualTo("simple");
    assertThat(kafka.at("/spec/entityOperator/userOperator").isObject())
        .as(overlay + ": the User Operator turns KafkaUsers into credentials")
        .isTrue();
    JsonNode listeners = kafka.at("/spec/kafka/listeners");
    assertThat(listeners.size()).isPositive();
    for (JsonNode listener : listeners) {
      assertThat(listener.path("tls").asBoolean()).as(overlay + " " + listener).isTrue();
      assertThat(listener.at("/authentication/type").asText())
          .as(overlay + " " + listener)
          .isEqualTo(KafkaUserManifests.AUTHENTICATION);
    }
    Map<String, String> common = commonData(rendering);
    assertThat(common.get("KAFKA_BOOTSTRAP_SERVERS"))
        .isEqualTo("strata-kafka-bootstrap:" + listeners.get(0).path("port").asInt());
    assertThat(common)
        .containsEntry("KAFKA_SECURITY_PROTOCOL", "SASL_SSL")
        .containsEntry("KAFKA_SASL_MECHANISM", "SCRAM-SHA-512")
        .containsEntry("KAFKA_SSL_TRUSTSTORE_TYPE", "PEM");
  }

  @ParameterizedTest
  @FieldSource("SECURED")
  void everyServiceHasItsUserWithExactlyTheGeneratedAcls(String overlay) {
    Rendering rendering = Repo.overlay(overlay);
    List<ObjectNode> users = rendering.ofKind(StrimziShapes.API, "KafkaUser");
    assertThat(users.stream().map(u -> u.at("/metadata/name").asText()))
        .containsExactlyInAnyOrderElementsOf(
            KafkaAccess.ALL.stream().map(KafkaAccess::user).toList());
    for (KafkaAccess access : KafkaAccess.ALL) {
      ObjectNode user = rendering.find(StrimziShapes.API, "KafkaUser", access.user()).orElseThrow();
      assertThat(user.at("/metadata/labels/strimzi.io~1cluster").asText()).isEqualTo("strata");
      assertThat(user.at("/spec/authentication/type").asText()).isEqualTo("scram-sha-512");
      assertThat(user.at("/spec/authorization/type").asText()).isEqualTo("simple");
      Map<String, List<String>> rendered = new TreeMap<>();
      for (JsonNode acl : user.at("/spec/authorization/acls")) {
        JsonNode resource = acl.path("resource");
        assertThat(acl.has("host")).as(access.user() + ": no host restriction").isFalse();
        rendered.put(
            KafkaUserManifests.key(
                resource.path("type").asText(),
                resource.path("patternType").asText(),
                resource.path("name").asText()),
            new java.util.ArrayList<>(
                java.util.stream.StreamSupport.stream(acl.path("operations").spliterator(), false)
                    .map(JsonNode::asText)
                    .toList()));
      }
      assertThat(rendered).as(access.user()).isEqualTo(KafkaUserManifests.acls(access));
      assertThat(rendered.values().stream().flatMap(List::stream))
          .as(access.user() + ": never All, never a cluster-wide right")
          .doesNotContain("All", "ClusterAction", "Alter", "AlterConfigs");
    }
  }

  @Test
  void theCorrelatorsStreamsAclsArePrefixedOnItsApplicationId() {
    KafkaAccess correlator =
        KafkaAccess.ALL.stream().filter(a -> a.service().equals("correlator")).findFirst().get();
    assertThat(KafkaUserManifests.acls(correlator))
        .containsEntry(
            "topic/prefix/strata-correlator",
            List.of("Create", "Delete", "Describe", "DescribeConfigs", "Read", "Write"))
        .containsEntry("group/literal/strata-correlator", List.of("Read"))
        .containsEntry("transactionalId/prefix/strata-correlator", List.of("Describe", "Write"))
        .containsEntry("topic/literal/strata.incidents.v1", List.of("Describe", "Write"))
        .containsEntry("topic/literal/strata.device.samples.v1", List.of("Describe", "Read"));
  }

  @ParameterizedTest
  @FieldSource("SECURED")
  void everyServiceReadsItsOwnUsersSecretAndTheClusterCa(String overlay) {
    Rendering rendering = Repo.overlay(overlay);
    for (String service : Repo.SERVICES) {
      String user = "strata-" + service + "-kafka";
      Container container = Workloads.of(rendering, service).containers().get(0);
      String where = overlay + "/" + service;
      assertThat(secretRef(container, "KAFKA_SASL_JAAS_CONFIG"))
          .as(where)
          .contains(user + "/sasl.jaas.config");
      assertThat(secretRef(container, "KAFKA_SSL_TRUSTSTORE_CERTIFICATES"))
          .as(where)
          .contains(CLUSTER_CA + "/ca.crt");
      if (service.equals("correlator")) {
        assertThat(secretRef(container, "QUARKUS_KAFKA_STREAMS_SASL_JAAS_CONFIG"))
            .contains(user + "/sasl.jaas.config");
        assertThat(secretRef(container, "QUARKUS_KAFKA_STREAMS_SSL_TRUSTSTORE_CERTIFICATES"))
            .contains(CLUSTER_CA + "/ca.crt");
      }
    }
  }

  @Test
  void theLocalOverlayIsPlaintextWithoutUsersOrSecrets() {
    Rendering rendering = Repo.overlay("local");
    assertThat(rendering.ofKind(StrimziShapes.API, "KafkaUser")).isEmpty();
    assertThat(commonData(rendering))
        .containsEntry("KAFKA_SECURITY_PROTOCOL", "PLAINTEXT")
        .containsEntry("KAFKA_BOOTSTRAP_SERVERS", "strata-kafka-bootstrap:9092");
    assertThat(kafka(rendering).at("/spec/kafka/listeners/0/port").asInt()).isEqualTo(9092);
    for (String service : Repo.SERVICES) {
      Container container = Workloads.of(rendering, service).containers().get(0);
      assertThat(container.getEnv().stream().filter(e -> e.getValueFrom() != null))
          .as("local/" + service + ": no Secret a plaintext Kafka cannot have")
          .allMatch(e -> e.getValueFrom().getSecretKeyRef() == null);
    }
  }

  private static Optional<String> secretRef(Container container, String name) {
    return container.getEnv().stream()
        .filter(e -> e.getName().equals(name))
        .map(EnvVar::getValueFrom)
        .filter(from -> from != null && from.getSecretKeyRef() != null)
        .map(from -> from.getSecretKeyRef().getName() + "/" + from.getSecretKeyRef().getKey())
        .findFirst();
  }

  private static ObjectNode kafka(Rendering rendering) {
    return rendering
        .find(StrimziShapes.API, "Kafka", KafkaUserManifests.KAFKA_CLUSTER)
        .orElseThrow();
  }

  private static Map<String, String> commonData(Rendering rendering) {
    Map<String, String> data = new TreeMap<>();
    rendering
        .find("v1", "ConfigMap", "strata-common")
        .orElseThrow()
        .path("data")
        .properties()
        .forEach(e -> data.put(e.getKey(), e.getValue().asText()));
    return data;
  }
}
