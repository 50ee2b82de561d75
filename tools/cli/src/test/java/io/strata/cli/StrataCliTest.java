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
 * The CLI against an in-JVM HTTP server answering as the console's and remediator's APIs do
 * (docs/services/console.md, docs/services/remediator.md), including their 401 and 403 answers.
 */
class StrataCliTest {

  private static final String TOKEN = "approver-token-0123456789";

  @TempDir Path home;
  private CliHarness cli;
  private String base;

  @BeforeEach
  void start() throws IOException {
    cli = new CliHarness(home, StrataCliTest::answer);
    base = cli.base;
  }

  @AfterEach
  void stop() {
    cli.close();
  }

  private static CliHarness.Answer answer(CliHarness.Request r) {
    String call = r.call();
    String path = r.path();
    if (path.startsWith("/api/") && !r.authorized(TOKEN)) {
      return new CliHarness.Answer(401, "a valid bearer token is required");
    } else if (call.equals("GET /console/api/incidents?state=OPEN")) {
      return new CliHarness.Answer(
          200,
          """
          {"incidents":[{"incident_id":"inc-1","state":"OPEN","severity":"CRITICAL",
          "incident_class":"DEVICE_FAULT","age_seconds":75,"workloads":["inference/llm-serve"],
          "nodes":["gpu-node-003"],"pending_actions":2}],"total":1}""");
    } else if (path.equals("/console/api/incidents/inc-1")) {
      return new CliHarness.Answer(
          200,
          """
          {"row":{"incident_id":"inc-1","state":"OPEN","severity":"CRITICAL","incident_class":"DEVICE_FAULT",
          "age_seconds":75,"summary":"XID 79","trigger":"XID 79 xid","workloads":["inference/llm-serve"],
          "nodes":["gpu-node-003"]},
          "plan":[{"step":1,"type":"CORDON_NODE","state":"PROPOSED","target":"Node/gpu-node-003",
            "action_id":"act-1","diff":["- spec.unschedulable: (absent)","+ spec.unschedulable: true"],
            "guards":[{"name":"pause","status":"PASSED"}],"approved_by":null}],
          "waterfalls":[{"trace_id":"38f9","duration_millis":1840,"dominant_stage":"GPU_EXECUTE",
            "pod":"llm-serve-1","node":"gpu-node-003","gpu_uuid":"GPU-1","model_version":"v1",
            "bars":[{"name":"gpu.execute","depth":1,"duration_millis":1700,"dominant":true}]}],
          "workload_sparklines":[{"label":"request p95","unit":"ms","values":[420,1840],
            "band_low":0,"band_high":504}],
          "gpu_sparklines":[],"evidence":[{"kind":"DEVICE","title":"GPU-1 on gpu-node-003",
            "source":"DCGM exporter http://gpu-node-003:9400/metrics"}],
          "verification":{"since":null,"windows":[],"still_out_of_band":[]},
          "timeline":[{"at":"2026-12-01T10:00:01Z","kind":"REVISION","title":"incident OPEN","who":"correlator"}],
          "review":null}""");
    } else if (path.equals("/console/api/incidents/inc-1/review.md")) {
      return new CliHarness.Answer(200, "# Review inc-1\n");
    } else if (call.equals("GET /api/actions/act-1")) {
      return new CliHarness.Answer(
          200,
          "[{\"action_id\":\"act-1\",\"state\":\"PROPOSED\","
              + "\"patch\":\"{\\\"spec\\\":{\\\"unschedulable\\\":true}}\"}]");
    } else if (call.equals(
        "POST /api/actions/act-1/approve?patch_sha256="
            + "a3b3c1e7cbdcba4ca8e97e793e4a275742ac556007774ff659eba1ad2769f08f")) {
      return new CliHarness.Answer(
          202, "{\"action_id\":\"act-1\",\"state\":\"APPROVED\",\"approved_by\":\"alice\"}");
    } else if (call.equals("POST /api/actions/act-2/reject")) {
      return new CliHarness.Answer(
          403, "{\"reason\":\"ROLE_NOT_ALLOWED\",\"message\":\"alice has role VIEWER\"}");
    } else if (call.equals("PUT /api/pause/true")) {
      return new CliHarness.Answer(
          200,
          "{\"paused\":true,\"changed_by\":\"alice\",\"changed_at\":\"2026-12-01T10:00:00Z\"}");
    } else if (call.equals("GET /api/pause")) {
      return new CliHarness.Answer(200, "{\"paused\":false}");
    } else if (call.equals("GET /api/actions")) {
      return new CliHarness.Answer(
          200,
          "[{\"action_id\":\"act-1\",\"incident_id\":\"inc-1\",\"type\":\"CORDON_NODE\","
              + "\"state\":\"PROPOSED\",\"target\":{\"kind\":\"Node\",\"name\":\"gpu-node-003\"}}]");
    } else {
      return new CliHarness.Answer(
          404, "{\"reason\":\"UNKNOWN_INCIDENT\",\"message\":\"no incident\"}");
    }
  }

  private Map<String, String> env() {
    return Map.of("STRATA_CONSOLE_URL", base, "STRATA_REMEDIATOR_URL", base, "STRATA_TOKEN", TOKEN);
  }

  @Test
  void incidentsListsTheConsolesRowsWithTheStateFilter() {
    assertThat(cli.run(env(), "incidents", "--state", "OPEN")).isZero();
    assertThat(cli.stdout())
        .contains("OPEN        CRITICAL  DEVICE_FAULT        inc-1                  1m")
        .contains("inference/llm-serve gpu-node-003  (2 to approve)")
        .contains("1 incident(s)");
  }

  @Test
  void showPrintsThePagesFactsInText() {
    assertThat(cli.run(env(), "show", "inc-1")).isZero();
    assertThat(cli.stdout())
        .contains("1 CORDON_NODE        PROPOSED   Node/gpu-node-003  act-1")
        .contains("+ spec.unschedulable: true")
        .contains("dominant GPU_EXECUTE")
        .contains("gpu.execute")
        .contains("◀ dominant")
        .contains("request p95")
        .contains("band 0.00–504")
        .contains("source: DCGM exporter http://gpu-node-003:9400/metrics")
        .contains("nothing executed yet")
        .contains("REVIEW not written yet");
  }

  @Test
  void approveRejectPauseAndActionsGoToTheRemediatorWithTheToken() {
    assertThat(cli.run(env(), "approve", "act-1")).isZero();
    assertThat(cli.stdout())
        .contains("patch: {\"spec\":{\"unschedulable\":true}}")
        .contains("act-1 APPROVED by alice");
    assertThat(cli.run(env(), "pause")).isZero();
    assertThat(cli.stdout()).contains("paused: true (set by alice at 2026-12-01T10:00:00Z)");
    assertThat(cli.run(env(), "paused")).isZero();
    assertThat(cli.stdout()).contains("paused: false");
    assertThat(cli.run(env(), "actions")).isZero();
    assertThat(cli.stdout())
        .contains("act-1")
        .contains("CORDON_NODE")
        .contains("Node/gpu-node-003");
    assertThat(cli.run(env(), "reject", "act-2")).isEqualTo(1);
    assertThat(cli.stderr())
        .contains("strata: refused (403): ROLE_NOT_ALLOWED alice has role VIEWER");
  }

  @Test
  void reviewDownloadsTheMarkdown() {
    assertThat(cli.run(env(), "review", "inc-1", "--format", "md")).isZero();
    assertThat(cli.stdout()).isEqualTo("# Review inc-1\n");
    assertThat(cli.run(env(), "review", "inc-1", "--format", "pdf")).isEqualTo(2);
    assertThat(cli.stderr()).contains("--format is md or json");
  }

  @Test
  void aWrongTokenAMissingTokenAndAWrongUrlAreExplained() {
    assertThat(
            cli.run(
                Map.of("STRATA_REMEDIATOR_URL", base),
                "--token",
                "wrong-token-0123456789",
                "approve",
                "act-1"))
        .isEqualTo(1);
    assertThat(cli.stderr())
        .contains("does not accept this token (401): check --token / STRATA_TOKEN");
    assertThat(cli.run(Map.of("STRATA_REMEDIATOR_URL", base), "approve", "act-1")).isEqualTo(1);
    assertThat(cli.stderr()).contains("the remediator needs a token");
    cli.close();
    assertThat(cli.run(env(), "incidents")).isEqualTo(1);
    assertThat(cli.stderr())
        .contains(
            "cannot reach the console at "
                + base
                + " (connection refused): check --console / STRATA_CONSOLE_URL");
  }

  @Test
  void settingsComeFromFlagsThenEnvironmentThenTheConfigFile() throws IOException {
    Path config = home.resolve(".config/strata/cli.properties");
    Files.createDirectories(config.getParent());
    Files.writeString(
        config, "console=" + base + "\nremediator=http://file\ntoken=" + TOKEN + "\n");
    CliSettings settings =
        CliSettings.resolve(
            List.of("--remediator", "http://flag", "incidents"),
            Map.of("STRATA_REMEDIATOR_URL", "http://env"),
            home);
    assertThat(settings.console()).isEqualTo(base);
    assertThat(settings.remediator()).isEqualTo("http://flag");
    assertThat(settings.token()).contains(TOKEN);
    assertThat(settings.args()).containsExactly("incidents");
    assertThat(cli.run(Map.of(), "incidents", "--state", "OPEN")).isZero();
  }

  @Test
  void theFeedGetsTheJournalKeysFromFlagEnvironmentOrConfigFile() throws IOException {
    String keys = "strata-demo-1:MCowBQYDK2VwAyEAGEv1Ko7dmVggl/1i7ING7xcEFfHs00p5nXKIXfjdJhc=";
    CliSettings none = CliSettings.resolve(List.of("feed"), Map.of(), home);
    assertThat(none.journalKeys()).isEmpty();
    assertThat(StrataCli.feedArgs(none, List.of("--from-beginning")))
        .containsExactly("--bootstrap", "127.0.0.1:9092", "--from-beginning");

    CliSettings fromEnv =
        CliSettings.resolve(
            List.of("feed"), Map.of("STRATA_JOURNAL_VERIFICATION_KEYS", keys), home);
    assertThat(StrataCli.feedArgs(fromEnv, List.of("--from-beginning")))
        .containsExactly(
            "--bootstrap", "127.0.0.1:9092", "--verification-keys", keys, "--from-beginning");
    // The feed's own flag wins.
    assertThat(StrataCli.feedArgs(fromEnv, List.of("--verification-keys", "other:key")))
        .containsExactly("--bootstrap", "127.0.0.1:9092", "--verification-keys", "other:key");

    Path config = home.resolve(".config/strata/cli.properties");
    Files.createDirectories(config.getParent());
    Files.writeString(config, "journal-verification-keys=" + keys + "\n");
    assertThat(CliSettings.resolve(List.of("feed"), Map.of(), home).journalKeys()).contains(keys);
    CliSettings flag =
        CliSettings.resolve(List.of("--journal-keys", "flag:key", "feed"), Map.of(), home);
    assertThat(flag.journalKeys()).contains("flag:key");
    assertThat(flag.args()).containsExactly("feed");
  }

  @Test
  void noCommandPrintsTheHelp() {
    assertThat(cli.run(Map.of())).isEqualTo(2);
    assertThat(cli.stdout()).contains("usage: strata").contains("approve ACTION");
  }
}
