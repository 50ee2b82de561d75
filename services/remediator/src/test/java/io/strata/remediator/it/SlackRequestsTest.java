package io.strata.remediator.it;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Slack request URL over real HTTP against a real proposal: every request that is not a fresh,
 * correctly signed click (unsigned, a timestamp that is no number, stale, forged, replayed) is a
 * 401 naming why and changes nothing; the one genuine click approves and patches exactly once.
 */
@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
@WithTestResource(SlackReceiverResource.class)
@WithKubernetesTestServer(crud = true, setup = ServedCluster.class)
class SlackRequestsTest {

  private static final String NODE = "slack-replay-a";

  @InjectTestKafka TestKafka kafka;
  @KubernetesTestServer KubernetesServer server;

  @TestHTTPResource("/slack/interactions")
  URI interactions;

  @Inject TestClock clock;
  @Inject ActionJournal journal;

  private KafkaTestClient client;
  private SlackClicks slack;

  @BeforeEach
  void setUp() {
    client = new KafkaTestClient(kafka.bootstrapServers());
    slack = new SlackClicks(interactions);
    // Outside the other tests' blast-radius and rate-limit windows.
    clock.advance(Duration.ofHours(3));
  }

  @AfterEach
  void tearDown() {
    client.close();
  }

  @Test
  void onlyTheFirstFreshSignedClickCountsAndEveryOtherRequestIsA401WithItsReason()
      throws Exception {
    String incidentId = "inc-slack-replay-1";
    TestNodes.gpu(server.getClient(), NODE, "slack-replay-b", "slack-replay-c", "slack-replay-d");
    Instant opened = clock.instant();
    client.send(
        Topics.INCIDENTS,
        incidentId,
        TestIncidents.deviceFault(
            incidentId, 1, IncidentState.OPEN, List.of(NODE), opened, opened));
    String cordonId = ActionIds.of(incidentId, 1, ActionType.CORDON_NODE, TargetGateway.node(NODE));
    RemediationAction proposed = ActionStates.await(journal, cordonId, ActionState.PROPOSED);

    // The button value as SlackMessages renders it: the action id and the hash of its patch.
    String value = cordonId + SlackInteraction.PATCH_MARK + PatchHash.of(proposed.patch());
    byte[] body = SlackClicks.body("U0ONCALL", "approve", value, null);
    Instant now = clock.instant();
    String timestamp = Long.toString(now.getEpochSecond());
    String signature = SlackClicks.sign(now, body);

    assertRejected(slack.postUnsigned(body), "MISSING_HEADERS");
    assertRejected(slack.post(body, "yesterday", signature), "MALFORMED_TIMESTAMP");
    Instant future = now.plus(Duration.ofMinutes(5)).plusSeconds(1);
    assertRejected(
        slack.post(body, Long.toString(future.getEpochSecond()), SlackClicks.sign(future, body)),
        "STALE_TIMESTAMP");
    assertThat(journal.store().latest(cordonId).orElseThrow().state())
        .isEqualTo(ActionState.PROPOSED);

    MockApi.drainRequests(server);
    assertThat(slack.post(body, timestamp, signature).statusCode()).isEqualTo(200);
    ActionStates.await(journal, cordonId, ActionState.EXECUTED);
    // The same bytes and headers again, within the 5 minutes the timestamp check allows.
    assertRejected(slack.post(body, timestamp, signature), "REPLAYED");
    clock.advance(Duration.ofMinutes(4));
    assertRejected(slack.post(body, timestamp, signature), "REPLAYED");

    assertThat(journal.store().history(cordonId))
        .extracting(RemediationAction::state)
        .containsExactly(
            ActionState.PROPOSED,
            ActionState.APPROVED,
            ActionState.EXECUTING,
            ActionState.EXECUTED);
    assertThat(MockApi.patchesTo(server, "/api/v1/nodes/" + NODE)).isEqualTo(1);
    assertThat(TestNodes.quarantined(server.getClient(), NODE)).isTrue();
  }

  private static void assertRejected(HttpResponse<String> response, String reason) {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(401);
    assertThat(response.body()).isEqualTo(reason);
  }
}
