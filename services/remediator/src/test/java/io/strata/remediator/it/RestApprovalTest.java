package io.strata.remediator.it;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kubernetes.client.KubernetesServer;
import io.quarkus.test.kubernetes.client.KubernetesTestServer;
import io.quarkus.test.kubernetes.client.WithKubernetesTestServer;
import io.strata.embeddedkafka.InjectTestKafka;
import io.strata.embeddedkafka.KafkaTestClient;
import io.strata.embeddedkafka.StrataKafkaResource;
import io.strata.embeddedkafka.TestKafka;
import io.strata.events.incident.IncidentState;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.PatchHash;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.topic.Topics;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.journal.ActionJournal;
import io.strata.remediator.kube.ServedCluster;
import io.strata.remediator.slack.SlackInteraction;
import jakarta.inject.Inject;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An approval is bound to the patch the approver was shown and to the proposal's age, over the real
 * REST and Slack endpoints: no hash, another patch's hash, or a proposal older than {@code
 * approval.ttl} (PT1H) is refused with its reason and nothing is patched.
 */
@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
@WithTestResource(SlackReceiverResource.class)
@WithKubernetesTestServer(crud = true, setup = ServedCluster.class)
class RestApprovalTest {

  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final String TOKEN = "test-token-console-0123456789";

  @InjectTestKafka TestKafka kafka;
  @KubernetesTestServer KubernetesServer server;

  @TestHTTPResource("/slack/interactions")
  URI interactions;

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
    client.close();
  }

  @Test
  void anApprovalWithoutTheHashOrWithAnotherPatchsHashIsRefusedAndTheShownOneExecutes()
      throws Exception {
    TestNodes.gpu(server.getClient(), "bound-a", "bound-b", "bound-c", "bound-d");
    RemediationAction proposed = propose("inc-bound-1", "bound-a");
    String id = proposed.actionId();
    String hash = PatchHash.of(proposed.patch());
    String other = PatchHash.of("{\"spec\":{\"unschedulable\":true}}");

    given()
        .auth()
        .oauth2(TOKEN)
        .post("/api/actions/" + id + "/approve")
        .then()
        .statusCode(400)
        .body("reason", equalTo("PATCH_HASH_REQUIRED"))
        .body(
            "message",
            equalTo(
                "an approval must carry patch_sha256, the SHA-256 of the patch you were shown"));
    given()
        .auth()
        .oauth2(TOKEN)
        .contentType("application/json")
        .body("{\"patch_sha256\":\"" + other + "\"}")
        .post("/api/actions/" + id + "/approve")
        .then()
        .statusCode(409)
        .body("reason", equalTo("PATCH_CHANGED"))
        .body(
            "message",
            equalTo(
                id
                    + " now proposes a patch with sha256 "
                    + hash
                    + ", not the one shown ("
                    + other
                    + ")"));
    assertThat(journal.store().latest(id).orElseThrow().state()).isEqualTo(ActionState.PROPOSED);

    MockApi.drainRequests(server);
    given()
        .auth()
        .oauth2(TOKEN)
        .queryParam("patch_sha256", hash)
        .post("/api/actions/" + id + "/approve")
        .then()
        .statusCode(202)
        .body("state", equalTo("APPROVED"));
    ActionStates.await(journal, id, ActionState.EXECUTED);
    assertThat(MockApi.patchesTo(server, "/api/v1/nodes/bound-a")).isEqualTo(1);
  }

  @Test
  void aProposalOlderThanTheTtlIsRefusedApprovalExpiredOverRestAndSlack() throws Exception {
    TestNodes.gpu(server.getClient(), "ttl-a", "ttl-b", "ttl-c", "ttl-d");
    RemediationAction overRest = propose("inc-ttl-1", "ttl-a");
    RemediationAction overSlack = propose("inc-ttl-2", "ttl-b");
    Instant proposedAt = overRest.updatedAt();
    clock.advance(Duration.ofHours(1).plusSeconds(1));

    given()
        .auth()
        .oauth2(TOKEN)
        .queryParam("patch_sha256", PatchHash.of(overRest.patch()))
        .post("/api/actions/" + overRest.actionId() + "/approve")
        .then()
        .statusCode(409)
        .body("reason", equalTo("EXPIRED"))
        .body(
            "message",
            equalTo(
                overRest.actionId()
                    + " was proposed at "
                    + proposedAt
                    + " and expired after PT1H"));

    String value =
        overSlack.actionId() + SlackInteraction.PATCH_MARK + PatchHash.of(overSlack.patch());
    String responseUrl = SlackReceiverResource.receiver().url("/response/ttl");
    assertThat(
            new SlackClicks(interactions)
                .click(clock.instant(), "U0ONCALL", "approve", value, responseUrl)
                .statusCode())
        .isEqualTo(200);
    // The click's own answer names the reason (the message update says REFUSED besides it).
    String expired =
        overSlack.actionId()
            + " was proposed at "
            + overSlack.updatedAt()
            + " and expired after PT1H";
    List<String> replies =
        await()
            .atMost(WAIT)
            .until(
                () ->
                    SlackReceiverResource.receiver().postsTo("/response/ttl").stream()
                        .map(post -> post.body().path("text").asText())
                        .toList(),
                texts -> texts.contains(expired));
    assertThat(replies).contains("CORDON_NODE Node ttl-b: REFUSED");

    for (RemediationAction action : List.of(overRest, overSlack)) {
      RemediationAction last = ActionStates.await(journal, action.actionId(), ActionState.REFUSED);
      assertThat(last.reason()).isEqualTo(ActionOutcomeReason.APPROVAL_EXPIRED);
      assertThat(journal.store().history(action.actionId()))
          .extracting(RemediationAction::state)
          .containsExactly(ActionState.PROPOSED, ActionState.REFUSED);
    }
    assertThat(TestNodes.quarantined(server.getClient(), "ttl-a")).isFalse();
    assertThat(TestNodes.quarantined(server.getClient(), "ttl-b")).isFalse();
  }

  private RemediationAction propose(String incidentId, String node) {
    Instant now = clock.instant();
    client.send(
        Topics.INCIDENTS,
        incidentId,
        TestIncidents.deviceFault(incidentId, 1, IncidentState.OPEN, List.of(node), now, now));
    return ActionStates.await(
        journal,
        ActionIds.of(incidentId, 1, ActionType.CORDON_NODE, TargetGateway.node(node)),
        ActionState.PROPOSED);
  }
}
