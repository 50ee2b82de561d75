package io.strata.remediator.it;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kubernetes.client.KubernetesServer;
import io.quarkus.test.kubernetes.client.KubernetesTestServer;
import io.quarkus.test.kubernetes.client.WithKubernetesTestServer;
import io.strata.embeddedkafka.InjectTestKafka;
import io.strata.embeddedkafka.KafkaTestClient;
import io.strata.embeddedkafka.StrataKafkaResource;
import io.strata.embeddedkafka.TestKafka;
import io.strata.events.incident.IncidentState;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.PolicyMode;
import io.strata.events.remediation.PolicyRef;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.topic.Topics;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.journal.ActionJournal;
import io.strata.remediator.kube.ServedCluster;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The policy ConfigMap on the API server, followed without a restart: an AUTO rule executes a
 * cordon with no click, a malformed edit is refused and the policy in force stays, an OBSERVE edit
 * applies to the next incident, and a deleted ConfigMap brings every proposal back.
 */
@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
@WithTestResource(SlackReceiverResource.class)
@WithKubernetesTestServer(crud = true, setup = ServedCluster.class)
class PolicyConfigMapTest {

  private static final String TOKEN = "test-token-viewer-0123456789";
  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final String AUTO_POOL =
      """
      rules:
        - name: pool-auto
          match: incident.class == "DEVICE_FAULT" && node.labels["strata.io/pool"] == "auto"
          mode: AUTO
      """;

  @InjectTestKafka TestKafka kafka;
  @KubernetesTestServer KubernetesServer server;
  @Inject TestClock clock;
  @Inject ActionJournal journal;

  private KafkaTestClient client;

  @BeforeEach
  void setUp() {
    client = new KafkaTestClient(kafka.bootstrapServers());
    // Outside the other tests' blast-radius and rate-limit windows.
    clock.advance(Duration.ofHours(3));
  }

  @AfterEach
  void tearDown() {
    server.getClient().configMaps().withName("strata-remediator-policy").delete();
    awaitPolicyVersion("default");
    client.close();
  }

  @Test
  void anAutoRuleActsAloneAndEditsApplyWithoutARestart() {
    KubernetesClient kube = server.getClient();
    node(kube, "policy-auto-1", "auto");
    node(kube, "policy-auto-2", "auto");
    node(kube, "policy-manual-1", "manual");
    policy(AUTO_POOL);
    String version = awaitRule("pool-auto");

    RemediationAction auto = fault("inc-policy-1", "policy-auto-1", ActionState.EXECUTED);
    RemediationAction manual = fault("inc-policy-2", "policy-manual-1", ActionState.PROPOSED);

    assertThat(auto.approvalChannel()).isEqualTo(ApprovalChannel.POLICY);
    assertThat(auto.policy()).isEqualTo(new PolicyRef("pool-auto", PolicyMode.AUTO));
    assertThat(TestNodes.quarantined(kube, "policy-auto-1")).isTrue();
    assertThat(manual.policy()).isEqualTo(new PolicyRef(null, PolicyMode.PROPOSE));

    policy("rules: [{name: broken, match: 'node.labels[', mode: AUTO}]");
    await()
        .atMost(WAIT)
        .untilAsserted(
            () ->
                given()
                    .auth()
                    .oauth2(TOKEN)
                    .get("/api/policy")
                    .then()
                    .statusCode(200)
                    .body("version", equalTo(version))
                    .body("last_refusal.rule", equalTo("broken"))
                    .body("last_refusal.problem", equalTo("BAD_MATCH")));

    policy("rules: [{name: watch-only, match: 'true', mode: OBSERVE}]");
    awaitRule("watch-only");
    RemediationAction observed = fault("inc-policy-3", "policy-auto-2", ActionState.OBSERVED);

    assertThat(observed.policy()).isEqualTo(new PolicyRef("watch-only", PolicyMode.OBSERVE));
    assertThat(TestNodes.quarantined(kube, "policy-auto-2")).isFalse();
  }

  private RemediationAction fault(String incidentId, String node, ActionState state) {
    Instant now = clock.instant();
    client.send(
        Topics.INCIDENTS,
        incidentId,
        TestIncidents.deviceFault(incidentId, 1, IncidentState.OPEN, List.of(node), now, now));
    return ActionStates.await(
        journal,
        ActionIds.of(incidentId, 1, ActionType.CORDON_NODE, TargetGateway.node(node)),
        state);
  }

  private void policy(String document) {
    server
        .getClient()
        .configMaps()
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName("strata-remediator-policy")
                .endMetadata()
                .withData(Map.of("policy.yaml", document))
                .build())
        .createOr(c -> c.update());
  }

  private String awaitRule(String rule) {
    return await()
        .atMost(WAIT)
        .until(
            () ->
                given()
                    .auth()
                    .oauth2(TOKEN)
                    .get("/api/policy")
                    .then()
                    .statusCode(200)
                    .body("last_refusal", nullValue())
                    .extract()
                    .jsonPath(),
            json -> rule.equals(json.getString("rules[0].name")))
        .getString("version");
  }

  private void awaitPolicyVersion(String version) {
    await()
        .atMost(WAIT)
        .untilAsserted(
            () ->
                given()
                    .auth()
                    .oauth2(TOKEN)
                    .get("/api/policy")
                    .then()
                    .body("version", equalTo(version)));
  }

  private static void node(KubernetesClient kube, String name, String pool) {
    kube.nodes()
        .resource(
            new NodeBuilder()
                .withNewMetadata()
                .withName(name)
                .addToLabels("nvidia.com/gpu.present", "true")
                .addToLabels("strata.io/pool", pool)
                .endMetadata()
                .withNewSpec()
                .endSpec()
                .build())
        .create();
  }
}
