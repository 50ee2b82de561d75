package io.strata.remediator.it;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.NamespacedKubernetesClient;
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
import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.deadletter.DeadLetterHeaders;
import io.strata.events.deadletter.DeadLetterReason;
import io.strata.events.incident.IncidentState;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionRecord;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.ReviewOutcome;
import io.strata.events.remediation.ReviewRecord;
import io.strata.events.remediation.TargetRef;
import io.strata.events.topic.Topics;
import io.strata.remediator.RemediationService;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.execute.Markers;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.journal.ActionJournal;
import io.strata.remediator.core.journal.Actions;
import io.strata.remediator.kube.ServedCluster;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
@WithTestResource(SlackReceiverResource.class)
@WithKubernetesTestServer(crud = true, setup = ServedCluster.class)
class RemediationFlowTest {

  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final String TOKEN = "test-token-console-0123456789";
  private static final String QUARANTINE_PATCH =
      "{\"spec\":{\"taints\":[{\"key\":\"strata.io/quarantine\",\"effect\":\"NoSchedule\"}]}}";

  @InjectTestKafka TestKafka kafka;
  @KubernetesTestServer KubernetesServer server;

  @TestHTTPResource("/slack/interactions")
  URI interactions;

  @Inject TestClock clock;
  @Inject RemediationService service;
  @Inject ActionJournal journal;
  @Inject io.strata.remediator.core.journal.JournalTags signer;

  private KafkaTestClient client;
  private SlackClicks slack;

  @BeforeEach
  void setUp() {
    client = new KafkaTestClient(kafka.bootstrapServers());
    slack = new SlackClicks(interactions);
    // Each test starts outside the previous tests' blast-radius and rate-limit windows.
    clock.advance(Duration.ofHours(3));
  }

  @AfterEach
  void tearDown() {
    client.close();
  }

  @Test
  void approvedCordonRunsAndRecoveryProposesUncordonAndWritesTheReview() throws Exception {
    String incidentId = "inc-flow-1";
    gpuNodes("flow-a", "flow-b", "flow-c", "flow-d");
    job("ml", "llm");
    Instant opened = clock.instant();
    client.send(
        Topics.INCIDENTS,
        incidentId,
        TestIncidents.deviceFault(
            incidentId, 1, IncidentState.OPEN, List.of("flow-a"), opened, opened));

    String cordonId =
        ActionIds.of(incidentId, 1, ActionType.CORDON_NODE, TargetGateway.node("flow-a"));
    JsonNode plan = awaitWebhookPost(incidentId, "Approve");
    String planText = plan.toString();
    assertThat(planText)
        .contains("CRITICAL DEVICE_FAULT inc-flow-1")
        .contains("REQUEST_P95 1840 ms vs baseline 420 ms (4.4x)")
        .contains("GPU-1 on flow-a: gpu_temp=91, power_usage=690.5, XID [79], health FAIL")
        .contains(TestIncidents.TRACE_ID)
        .contains("GPU_EXECUTE")
        .contains("nodes flow-a")
        .contains(
            "step 2 PAUSE_NEW_BATCHES: no pod known on the faulty GPU(s); pausing the whole"
                + " workload instead");
    assertThat(buttons(plan, cordonId)).containsExactly("approve", "reject");

    clock.advance(Duration.ofSeconds(30));
    long started = System.nanoTime();
    HttpResponse<String> ack =
        slack.click(
            clock.instant(), "U0ONCALL", "approve", cordonId, receiverUrl("/response/flow-1"));
    long ackMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
    assertThat(ack.statusCode()).isEqualTo(200);
    assertThat(ackMillis).isLessThan(3_000);

    await().atMost(WAIT).until(() -> quarantined("flow-a"));
    assertThat(node("flow-a").getSpec().getUnschedulable()).isNull();
    assertThat(node("flow-a").getMetadata().getAnnotations())
        .containsEntry(Markers.ACTION_ID, cordonId);
    JsonNode update = awaitPost("/response/flow-1");
    assertThat(update.path("replace_original").asBoolean()).isTrue();
    assertThat(update.path("text").asText()).isEqualTo("CORDON_NODE Node flow-a: EXECUTED");
    assertThat(buttons(update, cordonId)).containsExactly("undo");

    List<RemediationAction> cordon = awaitStates(cordonId, ActionState.EXECUTED);
    assertThat(cordon)
        .extracting(RemediationAction::state)
        .containsExactly(
            ActionState.PROPOSED,
            ActionState.APPROVED,
            ActionState.EXECUTING,
            ActionState.EXECUTED);
    assertThat(cordon.get(1).approvedBy()).isEqualTo("U0ONCALL");
    assertThat(cordon.get(1).approvalChannel()).isEqualTo(ApprovalChannel.SLACK);
    assertThat(cordon.get(2).patch()).isEqualTo(QUARANTINE_PATCH);
    assertThat(cordon.get(2).inversePatch()).isEqualTo("{\"spec\":{\"taints\":null}}");
    ConsumerRecord<String, RemediationAction> executed = lastRecord(cordonId);
    assertThat(executed.key()).isEqualTo(incidentId);
    assertThat(CloudEventHeaders.read(executed.headers()).orElseThrow().type())
        .isEqualTo("io.strata.remediation_action.v1");
    assertThat(CloudEventHeaders.read(executed.headers()).orElseThrow().source())
        .isEqualTo("/strata/remediator");

    clock.advance(Duration.ofMinutes(5));
    client.send(
        Topics.INCIDENTS,
        incidentId,
        TestIncidents.deviceFault(
            incidentId, 2, IncidentState.RESOLVED, List.of("flow-a"), opened, clock.instant()));

    String uncordonId = ActionIds.undoOf(cordonId);
    JsonNode recovered = awaitWebhookPost(incidentId, "Recovered");
    assertThat(buttons(recovered, uncordonId)).containsExactly("approve", "reject");
    RemediationAction uncordon = awaitStates(uncordonId, ActionState.PROPOSED).get(0);
    assertThat(uncordon.type()).isEqualTo(ActionType.UNCORDON_NODE);
    assertThat(uncordon.patch()).isEqualTo("{\"spec\":{\"taints\":null}}");
    String pauseId =
        ActionIds.of(
            incidentId,
            2,
            ActionType.PAUSE_NEW_BATCHES,
            new io.strata.events.remediation.TargetRef("batch/v1", "Job", "ml", "llm"));
    RemediationAction superseded = awaitStates(pauseId, ActionState.REFUSED).get(1);
    assertThat(superseded.reason()).isEqualTo(ActionOutcomeReason.SUPERSEDED);

    ReviewRecord review = awaitReview(incidentId);
    assertThat(review.outcome()).isEqualTo(ReviewOutcome.RECOVERED);
    assertThat(review.exemplarTraceId()).isEqualTo(TestIncidents.TRACE_ID);
    assertThat(review.devices())
        .singleElement()
        .satisfies(d -> assertThat(d.xids()).containsExactly(79));
    assertThat(review.trigger().baseline()).isEqualTo(420.0);
    assertThat(review.affectedWorkloads())
        .singleElement()
        .satisfies(
            w ->
                assertThat(w.namespace() + "/" + w.workload() + "@" + w.modelVersion())
                    .isEqualTo("ml/llm@v7"));
    ActionRecord cordonRecord =
        review.actions().stream()
            .filter(a -> a.actionId().equals(cordonId))
            .findFirst()
            .orElseThrow();
    assertThat(cordonRecord.approvedBy()).isEqualTo("U0ONCALL");
    assertThat(cordonRecord.approvalChannel()).isEqualTo(ApprovalChannel.SLACK);
    assertThat(cordonRecord.approvedAt()).isEqualTo(opened.plusSeconds(30));
    assertThat(cordonRecord.executedAt()).isEqualTo(opened.plusSeconds(30));
    assertThat(review.actions())
        .extracting(ActionRecord::actionId, ActionRecord::finalState)
        .contains(
            org.assertj.core.api.Assertions.tuple(uncordonId, ActionState.PROPOSED),
            org.assertj.core.api.Assertions.tuple(pauseId, ActionState.REFUSED));
    assertThat(review.timeToMitigateMillis()).isEqualTo(30_000L);
    assertThat(review.timeToRecoverMillis()).isEqualTo(330_000L);
    assertThat(review.mitigatedAt()).isEqualTo(opened.plusSeconds(30));
    assertThat(review.missingDimensions()).containsExactly("spans without k8s.pod.name");

    // Approving the proposed uncordon from Slack restores the node and marks the cordon reverted.
    slack.click(clock.instant(), "U0LEAD", "approve", uncordonId, receiverUrl("/response/flow-1b"));
    await().atMost(WAIT).until(() -> !quarantined("flow-a"));
    awaitStates(cordonId, ActionState.REVERTED);

    // The pager followed the incident: one trigger when it opened, one resolve when it resolved.
    List<JsonNode> paged =
        await()
            .atMost(WAIT)
            .until(
                () -> pagerDutyEvents(incidentId),
                e -> e.stream().anyMatch(b -> b.path("event_action").asText().equals("resolve")));
    assertThat(paged)
        .extracting(b -> b.path("event_action").asText())
        .containsExactly("trigger", "resolve");
    assertThat(paged.get(0).path("routing_key").asText())
        .isEqualTo("strata-test-pagerduty-key-000001");
    assertThat(paged.get(0).at("/payload/summary").asText())
        .startsWith("CRITICAL DEVICE_FAULT inc-flow-1");
    assertThat(paged.get(0).at("/payload/severity").asText()).isEqualTo("critical");
  }

  private static List<JsonNode> pagerDutyEvents(String incidentId) {
    return SlackReceiverResource.receiver().postsTo(SlackReceiverResource.PAGERDUTY_PATH).stream()
        .map(SlackReceiver.Post::body)
        .filter(b -> b.path("dedup_key").asText().equals(incidentId))
        .toList();
  }

  @Test
  void aDeviceFaultPausesOnlyThePodOnTheFaultyGpuAndTheUndoResumesIt() {
    String incidentId = "inc-pod-1";
    String faulty = "llm-00001-deployment-9xfrpzcq5p-rw7qc";
    String healthy = "llm-00001-deployment-9xfrpzcq5p-k2m8d";
    gpuNodes("pod-a", "pod-b");
    pod("ml", faulty, "pod-a");
    pod("ml", healthy, "pod-b");
    Instant opened = clock.instant();
    client.send(
        Topics.INCIDENTS,
        incidentId,
        TestIncidents.deviceFault(
            incidentId, 1, IncidentState.OPEN, List.of("pod-a"), opened, opened, faulty));

    TargetRef faultyPod = TargetGateway.pod("ml", faulty);
    String pauseId = ActionIds.of(incidentId, 2, ActionType.PAUSE_NEW_BATCHES, faultyPod);
    JsonNode plan = awaitWebhookPost(incidentId, "Approve");
    assertThat(buttons(plan, pauseId)).containsExactly("approve", "reject");
    assertThat(plan.toString())
        .contains("PAUSE_NEW_BATCHES Pod ml/" + faulty)
        .doesNotContain("no pod known");
    assertThat(journal.store().forIncident(incidentId))
        .extracting(a -> a.target().kind())
        .containsOnly("Node", "Pod");

    given()
        .auth()
        .oauth2(TOKEN)
        .queryParam("patch_sha256", Shown.patchHash(journal, pauseId))
        .post("/api/actions/" + pauseId + "/approve")
        .then()
        .statusCode(202);

    await().atMost(WAIT).until(() -> "False".equals(gate(faulty)));
    assertThat(gate(healthy)).isEqualTo("True");
    List<RemediationAction> pause = awaitStates(pauseId, ActionState.EXECUTED);
    RemediationAction executing =
        pause.stream().filter(a -> a.state() == ActionState.EXECUTING).findFirst().orElseThrow();
    assertThat(executing.patch())
        .isEqualTo(
            "{\"status\":{\"conditions\":[{\"type\":\"strata.io/serving\",\"status\":\"False\","
                + "\"reason\":\"StrataOutOfTraffic\","
                + "\"message\":\"taken out of service traffic by Strata\"}]}}");
    assertThat(executing.inversePatch())
        .isEqualTo(
            "{\"status\":{\"conditions\":[{\"status\":\"True\",\"type\":\"strata.io/serving\"}]}}");

    given()
        .auth()
        .oauth2(TOKEN)
        .post("/api/actions/" + pauseId + "/undo")
        .then()
        .statusCode(202)
        .body("type", org.hamcrest.Matchers.equalTo("RESUME_BATCHES"));

    String resumeId = ActionIds.undoOf(pauseId);
    awaitStates(pauseId, ActionState.REVERTED);
    assertThat(journal.store().latest(resumeId).orElseThrow().state())
        .isEqualTo(ActionState.EXECUTED);
    assertThat(gate(faulty)).isEqualTo("True");
  }

  @Test
  void aPausedPodThatIsGoneBeforeTheApprovalFailsWithTargetNotFound() {
    String incidentId = "inc-pod-gone-1";
    String gone = "llm-00001-deployment-9xfrpzcq5p-zz9zz";
    gpuNodes("gone-a");
    pod("ml", gone, "gone-a");
    Instant opened = clock.instant();
    client.send(
        Topics.INCIDENTS,
        incidentId,
        TestIncidents.deviceFault(
            incidentId, 1, IncidentState.OPEN, List.of("gone-a"), opened, opened, gone));
    String pauseId =
        ActionIds.of(incidentId, 2, ActionType.PAUSE_NEW_BATCHES, TargetGateway.pod("ml", gone));
    awaitStates(pauseId, ActionState.PROPOSED);
    k8s().pods().inNamespace("ml").withName(gone).delete();
    await().atMost(WAIT).until(() -> k8s().pods().inNamespace("ml").withName(gone).get() == null);

    given()
        .auth()
        .oauth2(TOKEN)
        .queryParam("patch_sha256", Shown.patchHash(journal, pauseId))
        .post("/api/actions/" + pauseId + "/approve")
        .then()
        .statusCode(202);

    List<RemediationAction> history = awaitStates(pauseId, ActionState.FAILED);
    assertThat(history.get(history.size() - 1).reason())
        .isEqualTo(ActionOutcomeReason.TARGET_NOT_FOUND);
    assertThat(history)
        .extracting(RemediationAction::state)
        .containsExactly(ActionState.PROPOSED, ActionState.APPROVED, ActionState.FAILED);
  }

  @Test
  void anotherClustersIncidentIsIgnoredCountedAndNeverPlanned() {
    String incidentId = "inc-foreign-1";
    // The same node name exists here: acting on the other cluster's incident would cordon it.
    gpuNodes("foreign-a");
    Instant opened = clock.instant();
    client.send(
        Topics.INCIDENTS,
        incidentId,
        TestIncidents.inCluster(
            TestIncidents.deviceFault(
                incidentId, 1, IncidentState.OPEN, List.of("foreign-a"), opened, opened),
            "other"));

    await()
        .atMost(WAIT)
        .untilAsserted(
            () ->
                given()
                    .get("/q/metrics")
                    .then()
                    .statusCode(200)
                    .body(
                        org.hamcrest.Matchers.containsString(
                            "strata_remediator_foreign_incidents_total{cluster=\"other\"} 1.0")));
    assertThat(journal.store().forIncident(incidentId)).isEmpty();
    assertThat(quarantined("foreign-a")).isFalse();
  }

  @Test
  void forgedStaleAndUnlistedClicksAreRejectedAndNothingRuns() throws Exception {
    String incidentId = "inc-forged-1";
    gpuNodes("forged-a");
    Instant opened = clock.instant();
    client.send(
        Topics.INCIDENTS,
        incidentId,
        TestIncidents.deviceFault(
            incidentId, 1, IncidentState.OPEN, List.of("forged-a"), opened, opened));
    String cordonId =
        ActionIds.of(incidentId, 1, ActionType.CORDON_NODE, TargetGateway.node("forged-a"));
    awaitStates(cordonId, ActionState.PROPOSED);

    byte[] body =
        SlackClicks.body("U0ONCALL", "approve", cordonId, receiverUrl("/response/forged"));
    String now = Long.toString(clock.instant().getEpochSecond());
    String forged =
        SlackClicks.sign(clock.instant(), "payload=tampered".getBytes(StandardCharsets.UTF_8));
    assertThat(slack.post(body, now, forged).statusCode()).isEqualTo(401);
    assertThat(slack.post(body, now, "v0=" + "0".repeat(64)).body()).isEqualTo("BAD_SIGNATURE");

    Instant stale = clock.instant().minus(Duration.ofMinutes(5)).minusSeconds(1);
    HttpResponse<String> staleResponse =
        slack.post(body, Long.toString(stale.getEpochSecond()), SlackClicks.sign(stale, body));
    assertThat(staleResponse.statusCode()).isEqualTo(401);
    assertThat(staleResponse.body()).isEqualTo("STALE_TIMESTAMP");

    // Correctly signed, but not a form: a broken %-escape is a 400 with its reason, never a 500.
    byte[] broken = "payload=%zz".getBytes(StandardCharsets.UTF_8);
    HttpResponse<String> malformed =
        slack.post(broken, now, SlackClicks.sign(clock.instant(), broken));
    assertThat(malformed.statusCode()).isEqualTo(400);
    assertThat(malformed.body()).startsWith("MALFORMED_FORM");

    HttpResponse<String> intruder =
        slack.click(
            clock.instant(), "U0INTRUDER", "approve", cordonId, receiverUrl("/response/intruder"));
    assertThat(intruder.statusCode()).isEqualTo(200);
    JsonNode reply = awaitPost("/response/intruder");
    assertThat(reply.path("response_type").asText()).isEqualTo("ephemeral");
    assertThat(reply.path("text").asText()).contains("not on the remediator's approver list");

    assertThat(journal.store().latest(cordonId).orElseThrow().state())
        .isEqualTo(ActionState.PROPOSED);
    assertThat(quarantined("forged-a")).isFalse();
    assertThat(SlackReceiverResource.receiver().postsTo("/response/forged")).isEmpty();
    given()
        .auth()
        .oauth2(TOKEN)
        .get("/api/actions/" + cordonId)
        .then()
        .statusCode(200)
        .body("state", org.hamcrest.Matchers.contains("PROPOSED"));
  }

  @Test
  void anActionApprovedBeforeARestartIsExecutedExactlyOnce() throws Exception {
    String incidentId = "inc-restart-1";
    gpuNodes("restart-a");
    String id =
        ActionIds.of(incidentId, 1, ActionType.CORDON_NODE, TargetGateway.node("restart-a"));
    RemediationAction proposed =
        Actions.proposed(
            id,
            incidentId,
            1,
            ActionType.CORDON_NODE,
            TargetGateway.node("restart-a"),
            null,
            null,
            "step 1",
            3,
            false,
            null,
            clock.instant());
    // What the previous instance recorded (and signed) before it crashed: the approval, no
    // execution.
    RemediationAction approved =
        io.strata.remediator.core.journal.Actions.decided(
            proposed, ActionState.APPROVED, "U0ONCALL", ApprovalChannel.SLACK, clock.instant());
    try (JournalProducer producer = new JournalProducer(kafka.bootstrapServers())) {
      producer.send(proposed, signer.tag(proposed));
      producer.send(approved, signer.tag(approved));
    }
    drainRequests();

    service.recover();
    awaitStates(id, ActionState.EXECUTED);
    service.recover();
    service.recover();

    assertThat(patchesTo("/api/v1/nodes/restart-a")).isEqualTo(1);
    List<RemediationAction> history =
        client.readUntil(Topics.REMEDIATION, records -> false, Duration.ofSeconds(2)).stream()
            .map(ConsumerRecord::value)
            .filter(a -> a.actionId().equals(id))
            .toList();
    assertThat(history)
        .extracting(RemediationAction::state)
        .containsExactly(
            ActionState.PROPOSED,
            ActionState.APPROVED,
            ActionState.EXECUTING,
            ActionState.EXECUTED);
    assertThat(quarantined("restart-a")).isTrue();
    assertThat(node("restart-a").getMetadata().getAnnotations())
        .containsEntry(Markers.ACTION_ID, id);
  }

  @Test
  void theBlastRadiusRefusesTheThirdCordonWithItsReason() {
    String incidentId = "inc-blast-1";
    gpuNodes(
        "blast-a", "blast-b", "blast-c", "blast-d", "blast-e", "blast-f", "blast-g", "blast-h");
    Instant opened = clock.instant();
    client.send(
        Topics.INCIDENTS,
        incidentId,
        TestIncidents.deviceFault(
            incidentId,
            1,
            IncidentState.OPEN,
            List.of("blast-a", "blast-b", "blast-c"),
            opened,
            opened));
    List<String> ids =
        List.of("blast-a", "blast-b", "blast-c").stream()
            .map(n -> ActionIds.of(incidentId, 1, ActionType.CORDON_NODE, TargetGateway.node(n)))
            .toList();
    ids.forEach(id -> awaitStates(id, ActionState.PROPOSED));

    given().post("/api/actions/" + ids.get(0) + "/approve").then().statusCode(401);
    for (String id : ids) {
      given()
          .auth()
          .oauth2(TOKEN)
          .queryParam("patch_sha256", Shown.patchHash(journal, id))
          .post("/api/actions/" + id + "/approve")
          .then()
          .statusCode(202)
          .body("state", org.hamcrest.Matchers.equalTo("APPROVED"))
          .body("approved_by", org.hamcrest.Matchers.equalTo("console"));
      awaitFinal(id);
    }

    assertThat(journal.store().latest(ids.get(0)).orElseThrow().state())
        .isEqualTo(ActionState.EXECUTED);
    assertThat(journal.store().latest(ids.get(1)).orElseThrow().state())
        .isEqualTo(ActionState.EXECUTED);
    RemediationAction refused = journal.store().latest(ids.get(2)).orElseThrow();
    assertThat(refused.state()).isEqualTo(ActionState.REFUSED);
    assertThat(refused.reason()).isEqualTo(ActionOutcomeReason.BLAST_RADIUS_LIMIT);
    assertThat(refused.message())
        .isEqualTo(
            "NODES_IN_WINDOW: 2 node(s) already cordoned within PT1H (blast-a, blast-b); the"
                + " limit is 2");
    assertThat(quarantined("blast-c")).isFalse();
    given()
        .auth()
        .oauth2(TOKEN)
        .post("/api/actions/" + ids.get(2) + "/approve")
        .then()
        .statusCode(409)
        .body("reason", org.hamcrest.Matchers.equalTo("NOT_PENDING"));
    given()
        .get("/q/metrics")
        .then()
        .statusCode(200)
        .body(
            org.hamcrest.Matchers.containsString(
                "strata_remediator_actions_total{reason=\"BLAST_RADIUS_LIMIT\",state=\"REFUSED\",type=\"CORDON_NODE\"}"));
  }

  @Test
  void anIncidentNotRecoveredByTheDeadlineIsEscalatedInSlack() {
    String incidentId = "inc-deadline-1";
    gpuNodes("deadline-a");
    job("ml", "llm");
    Instant opened = clock.instant();
    client.send(
        Topics.INCIDENTS,
        incidentId,
        TestIncidents.deviceFault(
            incidentId, 1, IncidentState.OPEN, List.of("deadline-a"), opened, opened));
    String cordonId =
        ActionIds.of(incidentId, 1, ActionType.CORDON_NODE, TargetGateway.node("deadline-a"));
    String pauseId =
        ActionIds.of(
            incidentId,
            2,
            ActionType.PAUSE_NEW_BATCHES,
            new io.strata.events.remediation.TargetRef("batch/v1", "Job", "ml", "llm"));
    awaitStates(pauseId, ActionState.PROPOSED);
    given()
        .auth()
        .oauth2(TOKEN)
        .queryParam("patch_sha256", Shown.patchHash(journal, cordonId))
        .post("/api/actions/" + cordonId + "/approve")
        .then()
        .statusCode(202);
    awaitStates(cordonId, ActionState.EXECUTED);

    clock.advance(Duration.ofMinutes(9));
    service.tick();
    clock.advance(Duration.ofMinutes(1));
    service.tick();

    JsonNode escalation = awaitWebhookPost(incidentId, "Not recovered by the deadline");
    assertThat(escalation.path("text").asText())
        .isEqualTo("Not recovered: inc-deadline-1, escalating: the next steps await approval");
    assertThat(buttons(escalation, pauseId)).containsExactly("approve", "reject");
    assertThat(
            SlackReceiverResource.receiver().postsTo("/webhook").stream()
                .filter(
                    p -> p.body().path("text").asText().startsWith("Not recovered: " + incidentId)))
        .hasSize(1);
  }

  @Test
  void aPoisonIncidentGoesToTheDeadLetterTopicWithItsReason() {
    byte[] garbage = "{not json".getBytes(StandardCharsets.UTF_8);
    org.apache.kafka.common.header.internals.RecordHeaders headers =
        new org.apache.kafka.common.header.internals.RecordHeaders();
    client.sendRaw(Topics.INCIDENTS.name(), "inc-poison".getBytes(StandardCharsets.UTF_8), garbage);

    List<ConsumerRecord<byte[], byte[]>> dead =
        client.readUntil(
            Topics.DEADLETTER,
            records ->
                records.stream()
                    .anyMatch(
                        r -> "inc-poison".equals(new String(r.key(), StandardCharsets.UTF_8))),
            WAIT);
    ConsumerRecord<byte[], byte[]> letter =
        dead.stream()
            .filter(r -> "inc-poison".equals(new String(r.key(), StandardCharsets.UTF_8)))
            .findFirst()
            .orElseThrow();
    assertThat(letter.value()).isEqualTo(garbage);
    assertThat(DeadLetterHeaders.read(letter.headers()).orElseThrow().reason())
        .isEqualTo(DeadLetterReason.NOT_A_CLOUDEVENT);
  }

  private List<String> buttons(JsonNode message, String actionId) {
    for (JsonNode block : message.path("blocks")) {
      if (block.path("block_id").asText().equals("buttons-" + actionId)) {
        return java.util.stream.StreamSupport.stream(block.path("elements").spliterator(), false)
            .peek(e -> assertThat(e.path("value").asText()).startsWith(actionId))
            .map(e -> e.path("action_id").asText())
            .toList();
      }
    }
    return List.of();
  }

  private JsonNode awaitWebhookPost(String incidentId, String marker) {
    return await()
        .atMost(WAIT)
        .until(
            () ->
                SlackReceiverResource.receiver().postsTo("/webhook").stream()
                    .map(SlackReceiver.Post::body)
                    .filter(
                        b ->
                            b.path("text").asText().contains(incidentId)
                                && b.toString().contains(marker))
                    .findFirst(),
            Optional::isPresent)
        .orElseThrow();
  }

  private JsonNode awaitPost(String path) {
    return await()
        .atMost(WAIT)
        .until(
            () ->
                SlackReceiverResource.receiver().postsTo(path).stream()
                    .map(SlackReceiver.Post::body)
                    .reduce((a, b) -> b),
            Optional::isPresent)
        .orElseThrow();
  }

  private List<RemediationAction> awaitStates(String actionId, ActionState state) {
    return await()
        .atMost(WAIT)
        .until(
            () -> journal.store().history(actionId),
            h -> h.stream().anyMatch(a -> a.state() == state));
  }

  private void awaitFinal(String actionId) {
    await()
        .atMost(WAIT)
        .until(
            () ->
                journal
                    .store()
                    .latest(actionId)
                    .map(RemediationAction::state)
                    .filter(
                        s ->
                            s == ActionState.EXECUTED
                                || s == ActionState.REFUSED
                                || s == ActionState.FAILED)
                    .isPresent());
  }

  private ConsumerRecord<String, RemediationAction> lastRecord(String actionId) {
    List<ConsumerRecord<String, RemediationAction>> records =
        client.readUntil(
            Topics.REMEDIATION,
            rs ->
                rs.stream()
                    .anyMatch(
                        r ->
                            r.value().actionId().equals(actionId)
                                && r.value().state() == ActionState.EXECUTED),
            WAIT);
    return records.stream()
        .filter(r -> r.value().actionId().equals(actionId))
        .reduce((a, b) -> b)
        .orElseThrow();
  }

  private ReviewRecord awaitReview(String incidentId) {
    return client
        .readUntil(
            Topics.REVIEWS, rs -> rs.stream().anyMatch(r -> r.key().equals(incidentId)), WAIT)
        .stream()
        .filter(r -> r.key().equals(incidentId))
        .map(ConsumerRecord::value)
        .findFirst()
        .orElseThrow();
  }

  private String receiverUrl(String path) {
    return SlackReceiverResource.receiver().url(path);
  }

  private NamespacedKubernetesClient k8s() {
    return server.getClient();
  }

  private Node node(String name) {
    return k8s().nodes().withName(name).get();
  }

  private void gpuNodes(String... names) {
    TestNodes.gpu(k8s(), names);
  }

  private void pod(String namespace, String name, String node) {
    k8s()
        .pods()
        .inNamespace(namespace)
        .resource(
            new PodBuilder()
                .withNewMetadata()
                .withName(name)
                .withNamespace(namespace)
                .addToLabels("serving.knative.dev/service", "llm")
                .endMetadata()
                .withNewSpec()
                .withNodeName(node)
                .addNewReadinessGate("strata.io/serving")
                .endSpec()
                .withNewStatus()
                .addNewCondition()
                .withType("strata.io/serving")
                .withStatus("True")
                .endCondition()
                .endStatus()
                .build())
        .create();
  }

  /** The status of the pod's strata.io/serving readiness-gate condition. */
  private String gate(String name) {
    Pod pod = k8s().pods().inNamespace("ml").withName(name).get();
    return pod.getStatus().getConditions().stream()
        .filter(c -> c.getType().equals("strata.io/serving"))
        .map(c -> c.getStatus())
        .findFirst()
        .orElse(null);
  }

  private boolean quarantined(String node) {
    return node(node).getSpec().getTaints().stream()
        .anyMatch(t -> t.getKey().equals("strata.io/quarantine"));
  }

  /** A batch Job, the kind whose PAUSE_NEW_BATCHES is spec.suspend. */
  private void job(String namespace, String name) {
    MockApi.job(server, namespace, name);
  }

  private void drainRequests() throws InterruptedException {
    MockApi.drainRequests(server);
  }

  private long patchesTo(String path) throws InterruptedException {
    return MockApi.patchesTo(server, path);
  }
}
