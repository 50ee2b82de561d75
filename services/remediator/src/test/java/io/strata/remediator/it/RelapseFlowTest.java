package io.strata.remediator.it;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Node;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kubernetes.client.KubernetesServer;
import io.quarkus.test.kubernetes.client.KubernetesTestServer;
import io.quarkus.test.kubernetes.client.WithKubernetesTestServer;
import io.strata.embeddedkafka.InjectTestKafka;
import io.strata.embeddedkafka.KafkaTestClient;
import io.strata.embeddedkafka.StrataKafkaResource;
import io.strata.embeddedkafka.TestKafka;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentState;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import io.strata.events.topic.Topics;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.journal.ActionJournal;
import io.strata.remediator.kube.ServedCluster;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * docs/E2E.md fault-suite finding 1 against the in-JVM broker: an incident that resolves and then
 * relapses under the same id (the correlator's episode 2) gets a new PROPOSED cordon, approvable
 * over REST and executed once, while a duplicated record of the relapse proposes nothing twice.
 */
@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
@WithTestResource(SlackReceiverResource.class)
@WithKubernetesTestServer(crud = true, setup = ServedCluster.class)
class RelapseFlowTest {

  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final String TOKEN = "test-token-console-0123456789";
  private static final String NODE = "relapse-a";
  private static final TargetRef JOB = new TargetRef("batch/v1", "Job", "ml", "llm");

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
    client.close();
  }

  @Test
  void aRelapseAfterResolutionGetsAFreshCordonApprovedAndExecutedOnce() throws Exception {
    String incidentId = "inc-relapse-1";
    TestNodes.gpu(server.getClient(), NODE, "relapse-b", "relapse-c", "relapse-d");
    MockApi.job(server, "ml", "llm");
    String cordon1 = ActionIds.of(incidentId, 1, ActionType.CORDON_NODE, TargetGateway.node(NODE));
    String pause1 = ActionIds.of(incidentId, 2, ActionType.PAUSE_NEW_BATCHES, JOB);
    String cordon2 =
        ActionIds.of(incidentId, 2, 1, ActionType.CORDON_NODE, TargetGateway.node(NODE));
    String pause2 = ActionIds.of(incidentId, 2, 2, ActionType.PAUSE_NEW_BATCHES, JOB);
    Instant opened = clock.instant();

    // Episode 1: cordoned, resolved (the pending pause superseded), uncordoned.
    send(incident(incidentId, 1, IncidentState.OPEN, opened, 1));
    approve(cordon1);
    await().atMost(WAIT).until(() -> quarantined());
    clock.advance(Duration.ofMinutes(2));
    send(incident(incidentId, 2, IncidentState.RESOLVED, opened, 1));
    assertThat(ActionStates.await(journal, pause1, ActionState.REFUSED).reason())
        .isEqualTo(ActionOutcomeReason.SUPERSEDED);
    approve(ActionIds.undoOf(cordon1));
    await().atMost(WAIT).until(() -> !quarantined());

    // Episode 2 within the reopen cooldown: same id, delivered twice.
    clock.advance(Duration.ofSeconds(30));
    Incident relapse = incident(incidentId, 3, IncidentState.OPEN, opened, 2);
    send(relapse);
    send(relapse);
    RemediationAction proposed = ActionStates.await(journal, cordon2, ActionState.PROPOSED);
    assertThat(proposed.episode()).isEqualTo(2);
    assertThat(ActionStates.await(journal, pause2, ActionState.PROPOSED).episode()).isEqualTo(2);
    MockApi.drainRequests(server);

    given()
        .auth()
        .oauth2(TOKEN)
        .queryParam("patch_sha256", Shown.patchHash(journal, cordon2))
        .post("/api/actions/" + cordon2 + "/approve")
        .then()
        .statusCode(202)
        .body("state", org.hamcrest.Matchers.equalTo("APPROVED"));
    ActionStates.await(journal, cordon2, ActionState.EXECUTED);
    assertThat(quarantined()).isTrue();
    assertThat(MockApi.patchesTo(server, "/api/v1/nodes/" + NODE)).isEqualTo(1);

    List<RemediationAction> onTopic =
        client.readUntil(Topics.REMEDIATION, records -> false, Duration.ofSeconds(2)).stream()
            .map(ConsumerRecord::value)
            .filter(a -> a.actionId().equals(cordon2))
            .toList();
    assertThat(onTopic)
        .extracting(RemediationAction::state)
        .containsExactly(
            ActionState.PROPOSED,
            ActionState.APPROVED,
            ActionState.EXECUTING,
            ActionState.EXECUTED);
    assertThat(onTopic).extracting(RemediationAction::episode).containsOnly(2);
    // Episode 1's cordon stays what it was: executed, then reverted by its own undo.
    assertThat(journal.store().latest(cordon1).orElseThrow().state())
        .isEqualTo(ActionState.REVERTED);
  }

  private Incident incident(
      String id, long revision, IncidentState state, Instant opened, int episode) {
    Incident first =
        TestIncidents.deviceFault(id, revision, state, List.of(NODE), opened, clock.instant());
    return episode == 1 ? first : first.withEpisode(episode, clock.instant());
  }

  private void send(Incident incident) {
    client.send(Topics.INCIDENTS, incident.incidentId(), incident);
  }

  private void approve(String actionId) {
    ActionStates.await(journal, actionId, ActionState.PROPOSED);
    given()
        .auth()
        .oauth2(TOKEN)
        .queryParam("patch_sha256", Shown.patchHash(journal, actionId))
        .post("/api/actions/" + actionId + "/approve")
        .then()
        .statusCode(202);
    ActionStates.await(journal, actionId, ActionState.EXECUTED);
  }

  private boolean quarantined() {
    Node node = server.getClient().nodes().withName(NODE).get();
    return node.getSpec().getTaints() != null
        && node.getSpec().getTaints().stream()
            .anyMatch(t -> t.getKey().equals("strata.io/quarantine"));
  }
}
