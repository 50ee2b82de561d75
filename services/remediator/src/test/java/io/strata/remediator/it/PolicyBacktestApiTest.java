package io.strata.remediator.it;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

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
import io.strata.events.topic.Topics;
import io.strata.remediator.RemediationService;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.journal.ActionJournal;
import io.strata.remediator.kube.ServedCluster;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /api/policy/test} over the real endpoint: refusals, a period with no steps, and a
 * step the remediator proposed replayed through a draft that only observes it.
 */
@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
@WithTestResource(SlackReceiverResource.class)
@WithKubernetesTestServer(crud = true, setup = ServedCluster.class)
class PolicyBacktestApiTest {

  private static final String VIEWER = "test-token-viewer-0123456789";

  @Inject TestClock clock;
  @Inject ActionJournal journal;
  @Inject RemediationService service;
  @InjectTestKafka TestKafka kafka;
  @KubernetesTestServer KubernetesServer server;

  @Test
  void aRefusedDraftIsA400NamingTheRule() {
    given()
        .auth()
        .oauth2(VIEWER)
        .contentType("application/yaml")
        .body(yaml("rules: [{name: broken, match: 'node.labels[', mode: AUTO}]"))
        .post("/api/policy/test")
        .then()
        .statusCode(400)
        .body("reason", equalTo("BAD_MATCH"))
        .body("rule", equalTo("broken"))
        .body("message", startsWith("rule broken: "));
  }

  @Test
  void aBadPeriodIsA400() {
    given()
        .auth()
        .oauth2(VIEWER)
        .contentType("text/plain")
        .body("rules: []")
        .queryParam("since", "31d")
        .post("/api/policy/test")
        .then()
        .statusCode(400)
        .body("reason", equalTo("BAD_SINCE"))
        .body("rule", nullValue());
  }

  @Test
  void withoutATokenItIsA401() {
    given()
        .contentType("text/plain")
        .body("rules: []")
        .post("/api/policy/test")
        .then()
        .statusCode(401);
  }

  @Test
  void aValidDraftOverAPeriodWithNoStepsCountsNothing() {
    // Past every step the other tests recorded: the last hour holds none.
    clock.advance(Duration.ofHours(3));

    given()
        .auth()
        .oauth2(VIEWER)
        .contentType("application/yaml")
        .body(
            yaml(
                """
                rules:
                  - name: pool-auto
                    match: node.pool == "auto"
                    mode: AUTO
                    limits: {maxPerHour: 2}
                """))
        .queryParam("since", "1h")
        .post("/api/policy/test")
        .then()
        .statusCode(200)
        .body("policy_version", startsWith("sha256:"))
        .body("steps", equalTo(0))
        .body("skipped_unknown_incident", equalTo(0))
        .body("differing", equalTo(0))
        .body("differences.size()", equalTo(0))
        .body("rules.size()", equalTo(1))
        .body("rules[0].rule", equalTo("pool-auto"))
        .body("rules[0].draft.steps", equalTo(0))
        .body("rules[0].real.steps", equalTo(0))
        .body("total.draft.steps", equalTo(0))
        .body("total.draft.executed", equalTo(0))
        .body("total.real.steps", equalTo(0));
  }

  @Test
  void aStepProposedInThePeriodIsReplayedThroughTheDraft() {
    await().atMost(Duration.ofSeconds(60)).until(service::isActive);
    clock.advance(Duration.ofHours(3));
    TestNodes.gpu(server.getClient(), "backtest-1");
    Instant now = clock.instant();
    try (KafkaTestClient client = new KafkaTestClient(kafka.bootstrapServers())) {
      client.send(
          Topics.INCIDENTS,
          "inc-backtest-1",
          TestIncidents.deviceFault(
              "inc-backtest-1", 1, IncidentState.OPEN, List.of("backtest-1"), now, now));
    }
    ActionStates.await(
        journal,
        ActionIds.of("inc-backtest-1", 1, ActionType.CORDON_NODE, TargetGateway.node("backtest-1")),
        ActionState.PROPOSED);

    given()
        .auth()
        .oauth2(VIEWER)
        .contentType("text/plain")
        .body(
            "rules: [{name: cordons-observed, match: 'action.type == \"CORDON_NODE\"',"
                + " mode: OBSERVE}]")
        .queryParam("since", "PT1H")
        .post("/api/policy/test")
        .then()
        .statusCode(200)
        .body("steps", equalTo(1))
        .body("rules[0].rule", equalTo("cordons-observed"))
        .body("rules[0].draft.observed", equalTo(1))
        .body("rules[1].rule", equalTo("default"))
        .body("rules[1].real.proposed", equalTo(1))
        .body("differences[0].real", equalTo("PROPOSED"))
        .body("differences[0].draft", equalTo("OBSERVED"))
        .body("differences[0].count", equalTo(1))
        .body("examples[0].incident_id", equalTo("inc-backtest-1"))
        .body("examples[0].target", equalTo("backtest-1"));
  }

  /** As bytes: REST Assured encodes no text for a YAML content type on its own. */
  private static byte[] yaml(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
