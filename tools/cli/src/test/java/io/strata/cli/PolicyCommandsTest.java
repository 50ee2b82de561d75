package io.strata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
  private CliHarness cli;

  @BeforeEach
  void start() throws IOException {
    cli = new CliHarness(home, PolicyCommandsTest::answer);
  }

  @AfterEach
  void stop() {
    cli.close();
  }

  private static CliHarness.Answer answer(CliHarness.Request r) {
    if (!r.authorized(TOKEN)) {
      return new CliHarness.Answer(401, "a valid bearer token is required");
    } else if (r.call().equals("GET /api/policy")) {
      return new CliHarness.Answer(200, POLICY);
    } else if (r.call().startsWith("POST /api/policy/test") && r.body().contains("broken")) {
      return new CliHarness.Answer(
          400,
          "{\"reason\":\"BAD_MATCH\",\"rule\":\"broken\","
              + "\"message\":\"rule broken: ERROR: <input>:1:13: Syntax error\"}");
    } else if (r.call().startsWith("POST /api/policy/test")) {
      return new CliHarness.Answer(200, REPORT);
    }
    return new CliHarness.Answer(404, "{\"reason\":\"NOT_FOUND\",\"message\":\"no such path\"}");
  }

  private int run(String... args) {
    return cli.run(Map.of("STRATA_REMEDIATOR_URL", cli.base, "STRATA_TOKEN", TOKEN), args);
  }

  /** Each request's call and Content-Type. */
  private List<String> calls() {
    return cli.requests.stream().map(r -> r.call() + " " + r.contentType()).toList();
  }

  private List<String> bodies() {
    return cli.requests.stream().map(CliHarness.Request::body).toList();
  }

  @Test
  void showPrintsVersionSourceDefaultRulesWithLimitsAndTheLastRefusal() {
    assertThat(run("policy", "show")).isZero();
    assertThat(cli.stdout())
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

    assertThat(calls()).containsExactly("POST /api/policy/test?since=2d application/yaml");
    assertThat(bodies()).containsExactly("rules: []\n");
    assertThat(cli.stdout())
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

    assertThat(calls()).containsExactly("POST /api/policy/test?since=7d application/yaml");
  }

  @Test
  void aRefusedDraftOrAMissingFileExitsOneWithTheReason() throws IOException {
    Path draft = home.resolve("broken.yaml");
    Files.writeString(draft, "rules: [{name: broken, match: 'node.', mode: AUTO}]\n");

    assertThat(run("policy", "test", "--policy", draft.toString())).isEqualTo(1);
    assertThat(cli.stderr())
        .isEqualTo(
            "strata: refused (400): BAD_MATCH rule broken: ERROR: <input>:1:13: Syntax error\n");

    assertThat(run("policy", "test", "--policy", home.resolve("missing.yaml").toString()))
        .isEqualTo(1);
    assertThat(cli.stderr()).contains("strata: cannot read " + home.resolve("missing.yaml"));
    assertThat(calls()).hasSize(1);
  }

  @Test
  void withoutAFileOrASubcommandItIsAUsageError() {
    assertThat(run("policy", "test")).isEqualTo(2);
    assertThat(run("policy")).isEqualTo(2);
    assertThat(cli.stderr())
        .contains("usage: strata policy show | policy test --policy FILE [--since 7d]");
    assertThat(calls()).isEmpty();
  }
}
