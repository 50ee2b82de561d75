package io.strata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code strata policy show} and {@code strata policy test} against an in-JVM server answering as
 * the remediator's {@code GET /api/policy} and {@code POST /api/policy/test} do
 * (docs/services/remediator.md), including a refused draft's 400.
 */
class PolicyCommandsTest {

  private static final String TOKEN = "viewer-token-0123456789";

  private static final String POLICY =
      """
      {"version":"sha256:37773820fd04","source":"configmap strata/strata-remediator-policy",
       "since":"2026-12-01T10:00:00Z","default_mode":"PROPOSE",
       "rules":[
         {"name":"research-observe","match":"incident.namespace == \\"research\\"","mode":"OBSERVE",
          "max_per_hour":null,"hours":null,"wave":null},
         {"name":"pool-a-auto","match":"node.pool == \\"a\\"","mode":"AUTO",
          "max_per_hour":3,"hours":"22:00-06:00 UTC","wave":0.25}],
       "last_refusal":{"source":"configmap strata/strata-remediator-policy",
         "at":"2026-12-01T11:00:00Z","problem":"BAD_MATCH","rule":"broken",
         "message":"rule broken: ERROR: <input>:1:13: Syntax error"}}""";

  /** As the remediator serialises a BacktestReport (snake_case). */
  private static final String REPORT =
      """
      {"policy_version":"sha256:146d8ea38b31","since":"2026-11-24T12:00:00Z",
       "until":"2026-12-01T12:00:00Z","incidents":7,"steps":11,"skipped_unknown_incident":1,
       "rules":[
         {"rule":"pool-a-auto",
          "draft":{"steps":5,"observed":0,"proposed":2,"executed":2,"executed_by_policy":2,
                   "held":{"MAX_PER_HOUR":3},"refused":{"BLAST_RADIUS_LIMIT:NODES_IN_WINDOW":1},
                   "failed":0},
          "real":{"steps":4,"observed":0,"proposed":0,"executed":2,"executed_by_policy":2,
                  "held":{"MAX_PER_HOUR":1},"refused":{"BLAST_RADIUS_LIMIT:NODES_IN_WINDOW":2},
                  "failed":0},
          "cel_errors":2},
         {"rule":"default",
          "draft":{"steps":6,"observed":6,"proposed":0,"executed":0,"executed_by_policy":0,
                   "held":{},"refused":{},"failed":0},
          "real":{"steps":6,"observed":0,"proposed":5,"executed":1,"executed_by_policy":0,
                  "held":{},"refused":{},"failed":0},
          "cel_errors":0}],
       "total":{"rule":"total",
          "draft":{"steps":11,"observed":6,"proposed":2,"executed":2,"executed_by_policy":2,
                   "held":{"MAX_PER_HOUR":3},"refused":{"BLAST_RADIUS_LIMIT:NODES_IN_WINDOW":1},
                   "failed":0},
          "real":{"steps":11,"observed":1,"proposed":5,"executed":3,"executed_by_policy":2,
                  "held":{"MAX_PER_HOUR":1},"refused":{"BLAST_RADIUS_LIMIT:NODES_IN_WINDOW":2},
                  "failed":0},
          "cel_errors":2},
       "differences":[{"real":"PROPOSED","draft":"OBSERVED","count":5},
                      {"real":"EXECUTED_BY_POLICY","draft":"PROPOSED","count":1}],
       "differing":6,
       "examples":[{"action_id":"act-d6d7","incident_id":"inc-a1","type":"PAUSE_NEW_BATCHES",
                    "target":"ml/llm-0","rule":"default","real":"PROPOSED","draft":"OBSERVED"}],
       "notes":[]}""";

  @TempDir Path home;
  private HttpServer server;
  private String base;
  private final List<String> calls = new ArrayList<>();
  private final List<String> bodies = new ArrayList<>();
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", this::handle);
    server.start();
    base = "http://127.0.0.1:" + server.getAddress().getPort();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private void handle(HttpExchange x) throws IOException {
    String call = x.getRequestMethod() + " " + x.getRequestURI();
    calls.add(call + " " + x.getRequestHeaders().getFirst("Content-Type"));
    String body = new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    bodies.add(body);
    if (!("Bearer " + TOKEN).equals(x.getRequestHeaders().getFirst("Authorization"))) {
      answer(x, 401, "a valid bearer token is required");
    } else if (call.equals("GET /api/policy")) {
      answer(x, 200, POLICY);
    } else if (call.startsWith("POST /api/policy/test") && body.contains("broken")) {
      answer(
          x,
          400,
          "{\"reason\":\"BAD_MATCH\",\"rule\":\"broken\","
              + "\"message\":\"rule broken: ERROR: <input>:1:13: Syntax error\"}");
    } else if (call.startsWith("POST /api/policy/test")) {
      answer(x, 200, REPORT);
    } else {
      answer(x, 404, "{\"reason\":\"NOT_FOUND\",\"message\":\"no such path\"}");
    }
  }

  private static void answer(HttpExchange x, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    x.sendResponseHeaders(status, bytes.length);
    try (OutputStream o = x.getResponseBody()) {
      o.write(bytes);
    }
  }

  private int run(String... args) {
    return StrataCli.run(
        List.of(args),
        Map.of("STRATA_REMEDIATOR_URL", base, "STRATA_TOKEN", TOKEN),
        home,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private String stdout() {
    return out.toString(StandardCharsets.UTF_8);
  }

  private String stderr() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void showPrintsVersionSourceDefaultRulesWithLimitsAndTheLastRefusal() {
    assertThat(run("policy", "show")).isZero();
    assertThat(stdout())
        .isEqualTo(
            """
            policy sha256:37773820fd04 from configmap strata/strata-remediator-policy since 2026-12-01T10:00:00Z
            default: PROPOSE
              1 research-observe         OBSERVE
                  match: incident.namespace == "research"
              2 pool-a-auto              AUTO     at most 3/hour hours 22:00-06:00 UTC wave 0.25
                  match: node.pool == "a"
            last refusal: BAD_MATCH rule broken at 2026-12-01T11:00:00Z from configmap strata/strata-remediator-policy: rule broken: ERROR: <input>:1:13: Syntax error (the policy above stays in force)
            """);
  }

  @Test
  void testPostsTheFileAndPrintsTheRulesTableAndTheDifferences() throws IOException {
    Path draft = home.resolve("draft.yaml");
    Files.writeString(draft, "rules: []\n");

    assertThat(run("policy", "test", "--policy", draft.toString(), "--since", "2d")).isZero();

    assertThat(calls).containsExactly("POST /api/policy/test?since=2d application/yaml");
    assertThat(bodies).containsExactly("rules: []\n");
    assertThat(stdout())
        .isEqualTo(
            """
            backtest of sha256:146d8ea38b31 from 2026-11-24T12:00:00Z to 2026-12-01T12:00:00Z: \
            11 step(s) replayed, 1 skipped (incident not found), 7 incident record(s) read

            RULE                            STEPS  OBSERVED  PROPOSED  EXECUTED  AUTO  REFUSED  FAILED
            pool-a-auto              draft      5         0         2         2     2        1       0
                                     real       4         0         0         2     2        2       0
                draft held: MAX_PER_HOUR=3
                draft refused: BLAST_RADIUS_LIMIT:NODES_IN_WINDOW=1
                real held: MAX_PER_HOUR=1
                real refused: BLAST_RADIUS_LIMIT:NODES_IN_WINDOW=2
                match failed to evaluate 2 time(s) (treated as no match)
            default                  draft      6         6         0         0     0        0       0
                                     real       6         0         5         1     0        0       0
            total                    draft     11         6         2         2     2        1       0
                                     real      11         1         5         3     2        2       0
                draft held: MAX_PER_HOUR=3
                draft refused: BLAST_RADIUS_LIMIT:NODES_IN_WINDOW=1
                real held: MAX_PER_HOUR=1
                real refused: BLAST_RADIUS_LIMIT:NODES_IN_WINDOW=2
                match failed to evaluate 2 time(s) (treated as no match)

            DIFFERENCES (6 step(s), real → draft)
                  5  PROPOSED → OBSERVED
                  1  EXECUTED_BY_POLICY → PROPOSED
            EXAMPLES
              act-d6d7 inc-a1 PAUSE_NEW_BATCHES ml/llm-0: PROPOSED → OBSERVED
            """);
  }

  @Test
  void theDefaultPeriodIsSevenDays() throws IOException {
    Path draft = home.resolve("draft.yaml");
    Files.writeString(draft, "rules: []\n");

    assertThat(run("policy", "test", "--policy", draft.toString())).isZero();

    assertThat(calls).containsExactly("POST /api/policy/test?since=7d application/yaml");
  }

  @Test
  void aRefusedDraftOrAMissingFileExitsOneWithTheReason() throws IOException {
    Path draft = home.resolve("broken.yaml");
    Files.writeString(draft, "rules: [{name: broken, match: 'node.', mode: AUTO}]\n");

    assertThat(run("policy", "test", "--policy", draft.toString())).isEqualTo(1);
    assertThat(stderr())
        .isEqualTo(
            "strata: refused (400): BAD_MATCH rule broken: ERROR: <input>:1:13: Syntax error\n");

    assertThat(run("policy", "test", "--policy", home.resolve("missing.yaml").toString()))
        .isEqualTo(1);
    assertThat(stderr()).contains("strata: cannot read " + home.resolve("missing.yaml"));
    assertThat(calls).hasSize(1);
  }

  @Test
  void withoutAFileOrASubcommandItIsAUsageError() {
    assertThat(run("policy", "test")).isEqualTo(2);
    assertThat(run("policy")).isEqualTo(2);
    assertThat(stderr())
        .contains("usage: strata policy show | policy test --policy FILE [--since 7d]");
    assertThat(calls).isEmpty();
  }
}
