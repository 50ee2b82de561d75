package io.strata.remediator.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.micrometer.core.instrument.MeterRegistry;
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
import io.strata.events.remediation.RemediationAction;
import io.strata.events.topic.Topics;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.journal.ActionJournal;
import io.strata.remediator.core.teams.InvokeResponses;
import io.strata.remediator.core.teams.TeamsProblem;
import io.strata.remediator.kube.ServedCluster;
import io.strata.testsupport.RawHttpConnection;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * 10,000 generated activities over real HTTP to the Teams messaging endpoint (issue 47's fuzzing of
 * the Teams ingress), against a Bot Framework stand-in and three real PROPOSED cordons: genuine
 * Approve / Reject invokes by allowed and other users, mutated and raw bodies, tokens missing,
 * malformed or faulty in one way each, and exact repeats. Each answer is predicted before it is
 * sent ({@link TeamsFuzzOracle}) and matched, status and reason; never a 5xx; every refusal JSON
 * with a {@link TeamsProblem}; the outcome counter rises by exactly the predicted counts; only the
 * first accepted decision of each cordon changes anything (one node PATCH per approval), and the
 * cordon only ever approved with a hash other than its patch's stays PROPOSED.
 */
@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
@WithTestResource(SlackReceiverResource.class)
@WithTestResource(TeamsStandInResource.class)
@WithKubernetesTestServer(crud = true, setup = ServedCluster.class)
class TeamsBodiesFuzzTest {

  private static final int REQUESTS = 10_000;
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final String[] CONTENT_TYPES = {
    "application/json", "application/json", "application/json; charset=utf-8", "text/plain", null
  };

  /** One request as sent, kept to be sent again. */
  private record Sent(TeamsFuzzTokens.Token token, byte[] body, String contentType) {}

  @InjectTestKafka TestKafka kafka;
  @KubernetesTestServer KubernetesServer server;

  @TestHTTPResource("/api/teams/messages")
  URI messages;

  @Inject TestClock clock;
  @Inject ActionJournal journal;
  @Inject MeterRegistry metrics;

  private RawHttpConnection http;

  @BeforeEach
  void connect() throws IOException {
    // One keep-alive connection for all requests: HttpClient's per-request cost dominated.
    http = new RawHttpConnection(messages.getPort());
  }

  @AfterEach
  void disconnect() throws IOException {
    http.close();
  }

  @Test
  void everyActivityIsAnsweredAsPredictedAndOnlyTheFirstDecisionActs() throws Exception {
    // A fresh blast-radius window, so both cordons may execute when approved.
    clock.advance(Duration.ofHours(3));
    Map<String, String> nodes = new LinkedHashMap<>();
    Map<String, String> patches = new LinkedHashMap<>();
    try (KafkaTestClient client = new KafkaTestClient(kafka.bootstrapServers())) {
      for (String node : List.of("teams-fz-a", "teams-fz-b", "teams-fz-held")) {
        RemediationAction proposed = propose(client, "inc-" + node, node);
        nodes.put(proposed.actionId(), node);
        patches.put(proposed.actionId(), proposed.patch());
      }
    }
    MockApi.drainRequests(server);
    TeamsStandIn teams = TeamsStandInResource.standIn();
    Instant now = clock.instant();
    TeamsFuzzTokens tokens = new TeamsFuzzTokens(teams, now);
    // The third cordon's hash is never shown: every approval of it is PATCH_CHANGED.
    Map<String, String> shown = hashes(patches);
    String held = List.copyOf(patches.keySet()).get(2);
    shown.remove(held);
    TeamsFuzzBodies bodies =
        new TeamsFuzzBodies(teams.serviceUrl(), List.copyOf(patches.keySet()), shown);
    TeamsFuzzOracle oracle =
        new TeamsFuzzOracle(Set.of(TeamsStandInResource.APPROVER, "lead@example.com"), patches);
    Random random = new Random(47_2026L);
    Map<String, Integer> answers = new TreeMap<>();
    Map<String, Double> before = counters(TeamsProblem.values());
    List<Sent> sent = new ArrayList<>();
    long started = System.nanoTime();
    for (int i = 0; i < REQUESTS; i++) {
      Sent request =
          !sent.isEmpty() && random.nextInt(16) == 0
              ? sent.get(random.nextInt(sent.size()))
              : new Sent(
                  tokens.pick(random),
                  bodies.next(random, i),
                  CONTENT_TYPES[random.nextInt(CONTENT_TYPES.length)]);
      if (request.body().length < 8_192) {
        sent.add(request);
      }
      String expected = oracle.predict(request.token(), request.body());
      check(post(request), expected, request);
      answers.merge(expected, 1, Integer::sum);
    }
    System.out.printf(
        "[fuzz] teams activities over HTTP: %d inputs in %d ms, answers %s%n",
        REQUESTS, (System.nanoTime() - started) / 1_000_000, answers);

    Map<String, Double> after = counters(TeamsProblem.values());
    answers.forEach(
        (answer, count) ->
            assertThat(after.get(answer.substring(4)) - before.get(answer.substring(4)))
                .as(answer)
                .isEqualTo(count.doubleValue()));
    assertThat(answers.keySet())
        .contains(
            "200 IGNORED",
            "200 UNKNOWN_ACTION",
            "200 NOT_PENDING",
            "200 PATCH_CHANGED",
            "401 NO_TOKEN",
            "401 MALFORMED_TOKEN",
            "401 WRONG_ALGORITHM",
            "401 UNKNOWN_KEY",
            "401 BAD_SIGNATURE",
            "401 WRONG_ISSUER",
            "401 WRONG_AUDIENCE",
            "401 EXPIRED",
            "401 NOT_YET_VALID",
            "403 MISSING_ENDORSEMENT",
            "403 SERVICE_URL_MISMATCH",
            "403 REPLAYED",
            "403 NOT_ALLOWED_APPROVER",
            "400 MALFORMED_JSON",
            "400 UNKNOWN_VERB",
            "400 NO_PATCH_HASH");
    Map<String, String> decided = oracle.decided();
    assertThat(decided).hasSize(2).doesNotContainKey(held);
    decided.forEach(
        (id, verb) -> {
          if (verb.equals("APPROVE")) {
            ActionStates.await(journal, id, ActionState.EXECUTED);
          }
        });
    Map<String, Integer> patched = nodePatches();
    System.out.printf("[fuzz] teams decisions %s, node patches %s%n", decided, patched);
    for (Map.Entry<String, String> action : nodes.entrySet()) {
      String verb = decided.getOrDefault(action.getKey(), "NONE");
      assertThat(patched.getOrDefault(action.getValue(), 0))
          .as(action.getValue())
          .isEqualTo(verb.equals("APPROVE") ? 1 : 0);
      List<ActionState> history =
          journal.store().history(action.getKey()).stream().map(RemediationAction::state).toList();
      assertThat(history)
          .as(action.getKey())
          .isEqualTo(
              switch (verb) {
                case "APPROVE" ->
                    List.of(
                        ActionState.PROPOSED,
                        ActionState.APPROVED,
                        ActionState.EXECUTING,
                        ActionState.EXECUTED);
                case "REJECT" -> List.of(ActionState.PROPOSED, ActionState.REJECTED);
                default -> List.of(ActionState.PROPOSED);
              });
    }
    for (int n = 0; n < 40; n++) {
      assertThat(journal.store().history("act-fuzz-" + n)).isEmpty();
    }
  }

  private static void check(RawHttpConnection.Answer response, String expected, Sent request)
      throws Exception {
    String shown =
        request.token().name()
            + " / "
            + new String(request.body(), 0, Math.min(600, request.body().length));
    int status = Integer.parseInt(expected.substring(0, 3));
    String code = expected.substring(4);
    assertThat(response.status()).as("%s -> %s", shown, response.body()).isLessThan(500);
    assertThat(response.status()).as("%s -> %s", shown, response.body()).isEqualTo(status);
    if (code.equals("IGNORED")) {
      assertThat(response.body()).as(shown).isEmpty();
      return;
    }
    JsonNode body = MAPPER.readTree(response.body());
    if (code.equals("APPROVED") || code.equals("REJECTED")) {
      assertThat(body.path("statusCode").asInt()).isEqualTo(200);
      assertThat(body.path("type").asText()).isEqualTo("application/vnd.microsoft.card.adaptive");
      return;
    }
    assertThat(body.path("type").asText()).as(shown).isEqualTo(InvokeResponses.ERROR_TYPE);
    assertThat(body.path("value").path("code").asText()).as(shown).isEqualTo(code);
    assertThat(body.path("value").path("message").asText()).as(shown).isNotBlank();
    if (status != 200) {
      assertThat(TeamsProblem.valueOf(code).status()).isEqualTo(status);
      assertThat(body.path("statusCode").asInt()).isEqualTo(status);
    } else {
      // A decision the invoke could not make: Teams shows it on the card, as a 400.
      assertThat(body.path("statusCode").asInt()).isEqualTo(400);
    }
  }

  /** A null content type or token header leaves that header out, as the HttpClient builder did. */
  private RawHttpConnection.Answer post(Sent request) throws Exception {
    return http.send(
        "POST",
        messages.getRawPath(),
        request.body(),
        "Content-Type",
        request.contentType(),
        "Authorization",
        request.token().header());
  }

  private Map<String, Double> counters(TeamsProblem[] problems) {
    Map<String, Double> counts = new TreeMap<>();
    List<String> outcomes = new ArrayList<>();
    for (TeamsProblem p : problems) {
      outcomes.add(p.name());
    }
    outcomes.addAll(
        List.of(
            "IGNORED", "APPROVED", "REJECTED", "UNKNOWN_ACTION", "NOT_PENDING", "PATCH_CHANGED"));
    for (String outcome : outcomes) {
      counts.put(
          outcome,
          metrics.counter("strata.remediator.teams.activities", "outcome", outcome).count());
    }
    return counts;
  }

  /** PATCH requests per node name since the last drain (consumes the recorded requests). */
  private Map<String, Integer> nodePatches() throws InterruptedException {
    Map<String, Integer> patched = new TreeMap<>();
    RecordedRequest request;
    while ((request = server.getKubernetesMockServer().takeRequest(1, TimeUnit.MILLISECONDS))
        != null) {
      String path = request.getPath().replaceAll("\\?.*", "");
      if ("PATCH".equals(request.getMethod()) && path.startsWith("/api/v1/nodes/")) {
        patched.merge(path.substring("/api/v1/nodes/".length()), 1, Integer::sum);
      }
    }
    return patched;
  }

  private static Map<String, String> hashes(Map<String, String> patches) {
    Map<String, String> hashes = new LinkedHashMap<>();
    patches.forEach(
        (id, patch) -> hashes.put(id, io.strata.events.remediation.PatchHash.of(patch)));
    return hashes;
  }

  private RemediationAction propose(KafkaTestClient client, String incidentId, String node) {
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
}
