package io.strata.remediator.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.PatchHash;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.topic.Topics;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.journal.ActionJournal;
import io.strata.remediator.core.teams.BotTokenVerifier;
import io.strata.remediator.core.teams.TeamsFixtures;
import io.strata.remediator.core.teams.TeamsTokens;
import io.strata.remediator.kube.ServedCluster;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Teams end to end inside the remediator, against a local Bot Framework stand-in: the plan is
 * posted to the conversation with a client-credentials token, a signed Approve executes exactly
 * once and the card is replaced in place; forged, replayed and unknown-approver invokes are refused
 * with their reason and change nothing; a Teams approve after a Slack reject is NOT_PENDING.
 */
@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
@WithTestResource(SlackReceiverResource.class)
@WithTestResource(TeamsStandInResource.class)
@WithKubernetesTestServer(crud = true, setup = ServedCluster.class)
class TeamsApprovalTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  @InjectTestKafka TestKafka kafka;
  @KubernetesTestServer KubernetesServer server;

  @TestHTTPResource("/api/teams/messages")
  URI messages;

  @TestHTTPResource("/slack/interactions")
  URI interactions;

  @Inject TestClock clock;
  @Inject ActionJournal journal;

  private final HttpClient http = HttpClient.newHttpClient();
  private KafkaTestClient client;

  @BeforeEach
  void setUp() {
    client = new KafkaTestClient(kafka.bootstrapServers());
    clock.advance(Duration.ofHours(3));
  }

  @AfterEach
  void tearDown() {
    client.close();
  }

  @Test
  void aSignedApproveExecutesOnceAndEveryForgedOrReplayedInvokeIsRefused() throws Exception {
    TeamsStandIn teams = TeamsStandInResource.standIn();
    String node = "teams-a";
    RemediationAction proposed = propose("inc-teams-approve-1", node);
    String cordonId = proposed.actionId();
    String hash = PatchHash.of(proposed.patch());

    // The plan card went to the conversation with the connector token.
    TeamsStandIn.Request posted =
        await()
            .atMost(Duration.ofSeconds(30))
            .until(() -> cardPost(teams, cordonId), p -> p != null);
    assertThat(posted.path())
        .isEqualTo("/connector/v3/conversations/19%3Aoncall%40thread.tacv2/activities");
    assertThat(posted.authorization()).isEqualTo("Bearer " + TeamsStandIn.ACCESS_TOKEN);
    assertThat(posted.json().path("attachments").get(0).path("contentType").asText())
        .isEqualTo("application/vnd.microsoft.card.adaptive");
    assertThat(
            teams.requests().stream()
                .filter(r -> r.path().equals("/token"))
                .findFirst()
                .orElseThrow()
                .body())
        .contains(
            "grant_type=client_credentials",
            "client_id=" + TeamsTokens.APP_ID,
            "scope=https%3A%2F%2Fapi.botframework.com%2F.default");

    Instant now = clock.instant();
    ObjectNode approve =
        invoke(teams, "f:approve-1", TeamsStandInResource.APPROVER, "approve", cordonId, hash);
    TeamsTokens stranger = new TeamsTokens("stand-in-key-1");
    refused(
        send(approve, "Bearer " + stranger.sign(claims(teams, now).build())), 401, "BAD_SIGNATURE");
    refused(
        send(
            approve,
            "Bearer " + teams.signer().sign(claims(teams, now).audience("other-bot").build())),
        401,
        "WRONG_AUDIENCE");
    refused(
        send(
            approve,
            "Bearer "
                + teams
                    .signer()
                    .sign(
                        claims(teams, now)
                            .expirationTime(java.util.Date.from(now.minusSeconds(301)))
                            .build())),
        401,
        "EXPIRED");
    refused(send(approve, null), 401, "NO_TOKEN");
    refused(
        send(
            invoke(teams, "f:intruder", "aad-intruder", "approve", cordonId, hash),
            bearer(teams, now)),
        403,
        "NOT_ALLOWED_APPROVER");
    refused(sendRaw("{\"type\":", bearer(teams, now)), 400, "MALFORMED_JSON");
    assertThat(journal.store().latest(cordonId).orElseThrow().state())
        .isEqualTo(ActionState.PROPOSED);

    MockApi.drainRequests(server);
    HttpResponse<String> ok = send(approve, bearer(teams, now));
    assertThat(ok.statusCode()).isEqualTo(200);
    JsonNode answer = MAPPER.readTree(ok.body());
    assertThat(answer.path("statusCode").asInt()).isEqualTo(200);
    assertThat(answer.path("type").asText()).isEqualTo("application/vnd.microsoft.card.adaptive");
    assertThat(answer.path("value").path("version").asText()).isEqualTo("1.5");
    assertThat(answer.path("value").toString())
        .contains("APPROVED · by teams:" + TeamsStandInResource.APPROVER);
    refused(send(approve, bearer(teams, now)), 403, "REPLAYED");

    RemediationAction executed = ActionStates.await(journal, cordonId, ActionState.EXECUTED);
    assertThat(executed.approvalChannel()).isEqualTo(ApprovalChannel.TEAMS);
    assertThat(executed.approvedBy()).isEqualTo("teams:" + TeamsStandInResource.APPROVER);
    assertThat(MockApi.patchesTo(server, "/api/v1/nodes/" + node)).isEqualTo(1);
    // The card the click named is replaced in place with the final state.
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                teams.requests().stream()
                    .anyMatch(
                        r ->
                            r.method().equals("PUT")
                                && r.path().endsWith("/activities/1733652000000")
                                && r.body().contains("EXECUTED")));
  }

  @Test
  void aTeamsApproveAfterASlackRejectIsNotPending() throws Exception {
    TeamsStandIn teams = TeamsStandInResource.standIn();
    RemediationAction proposed = propose("inc-teams-slack-1", "teams-b");
    String cordonId = proposed.actionId();
    HttpResponse<String> slack =
        new SlackClicks(interactions).click(clock.instant(), "U0ONCALL", "reject", cordonId, null);
    assertThat(slack.statusCode()).isEqualTo(200);
    ActionStates.await(journal, cordonId, ActionState.REJECTED);

    HttpResponse<String> response =
        send(
            invoke(
                teams,
                "f:after-slack",
                TeamsStandInResource.APPROVER,
                "approve",
                cordonId,
                PatchHash.of(proposed.patch())),
            bearer(teams, clock.instant()));

    assertThat(response.statusCode()).isEqualTo(200);
    JsonNode body = MAPPER.readTree(response.body());
    assertThat(body.path("type").asText()).isEqualTo("application/vnd.microsoft.error");
    assertThat(body.path("value").path("code").asText()).isEqualTo("NOT_PENDING");
    assertThat(journal.store().history(cordonId))
        .extracting(RemediationAction::state)
        .containsExactly(ActionState.PROPOSED, ActionState.REJECTED);
  }

  private RemediationAction propose(String incidentId, String node) {
    TestNodes.gpu(server.getClient(), node, node + "-2", node + "-3", node + "-4");
    Instant opened = clock.instant();
    client.send(
        Topics.INCIDENTS,
        incidentId,
        TestIncidents.deviceFault(
            incidentId, 1, IncidentState.OPEN, List.of(node), opened, opened));
    String cordonId = ActionIds.of(incidentId, 1, ActionType.CORDON_NODE, TargetGateway.node(node));
    return ActionStates.await(journal, cordonId, ActionState.PROPOSED);
  }

  private static TeamsStandIn.Request cardPost(TeamsStandIn teams, String actionId) {
    return teams.requests().stream()
        .filter(r -> r.method().equals("POST") && r.path().endsWith("/activities"))
        .filter(r -> r.body().contains("action-" + actionId))
        .findFirst()
        .orElse(null);
  }

  private static ObjectNode invoke(
      TeamsStandIn teams, String id, String aad, String verb, String actionId, String hash) {
    ObjectNode body = TeamsFixtures.invoke(id, aad, verb, actionId, hash);
    body.put("serviceUrl", teams.serviceUrl());
    return body;
  }

  private static com.nimbusds.jwt.JWTClaimsSet.Builder claims(TeamsStandIn teams, Instant now) {
    return teams.signer().claims(now).claim(BotTokenVerifier.SERVICE_URL_CLAIM, teams.serviceUrl());
  }

  private static String bearer(TeamsStandIn teams, Instant now) {
    return "Bearer " + teams.signer().sign(claims(teams, now).build());
  }

  private HttpResponse<String> send(ObjectNode body, String authorization) throws Exception {
    return sendRaw(body.toString(), authorization);
  }

  private HttpResponse<String> sendRaw(String body, String authorization) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(messages)
            .timeout(Duration.ofSeconds(20))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (authorization != null) {
      request.header("Authorization", authorization);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static void refused(HttpResponse<String> response, int status, String code)
      throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    JsonNode body = MAPPER.readTree(response.body());
    assertThat(body.path("statusCode").asInt()).isEqualTo(status);
    assertThat(body.path("type").asText()).isEqualTo("application/vnd.microsoft.error");
    assertThat(body.path("value").path("code").asText()).isEqualTo(code);
  }
}
