package io.strata.remediator.core.pagerduty;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.events.Correlation;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentState;
import io.strata.events.incident.Scope;
import io.strata.loglinks.LogLinks;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The events of XID 79's life, character for character, in the shape of PagerDuty's "Send an Alert
 * Event" (developer docs, Events API v2): a trigger with PD-CEF's payload, then acknowledge and
 * resolve naming the alert by dedup_key, each with the console, review and log links.
 */
class PagerDutyEventsTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final LogLinks LOGS =
      LogLinks.of(
          "strata.remediator.log-links",
          Map.of("loki", "https://logs.example/explore?node={node}&from={from}&to={to}"),
          Duration.ofMinutes(5));
  private static final PagerDutyEvents EVENTS =
      new PagerDutyEvents(PagerFixtures.KEY, Optional.of("https://strata.example/"), LOGS);

  @Test
  void xid79OpenIsATriggerWithThePayloadTheClientAndTheLinks() throws Exception {
    PagerDutyEvent event =
        EVENTS.of(PagerFixtures.xid79(IncidentState.OPEN, 1), EventAction.TRIGGER);

    assertThat(event.toJson())
        .isEqualTo(
            JSON.readTree(
                """
                {"routing_key":"0123456789abcdef0123456789abcdef","event_action":"trigger",
                 "dedup_key":"inc-7f3a9c21",
                 "payload":{
                   "summary":"CRITICAL DEVICE_FAULT inc-7f3a9c21: XID 79 (GPU fallen off the bus) on gpu-node-7",
                   "source":"gpu-east/gpu-node-7","severity":"critical",
                   "timestamp":"2026-12-08T10:00:00Z","component":"GPU-5d2c1e7a",
                   "group":"gpu-east","class":"DEVICE_FAULT",
                   "custom_details":{
                     "incident_id":"inc-7f3a9c21","episode":"1","state":"OPEN",
                     "trigger":"XID 79 xid",
                     "device":"GPU-5d2c1e7a on gpu-node-7: gpu_temp=91, XID [79], health FAIL",
                     "scope":"nodes gpu-node-7 · workloads ml/llm · versions v7 · single node · single version",
                     "longest_stage":"GPU_EXECUTE",
                     "suggested_actions":"CORDON_NODE, PAUSE_NEW_BATCHES",
                     "opened_at":"2026-12-08T10:00:00Z"}},
                 "links":[
                   {"href":"https://strata.example/incident.html?id=inc-7f3a9c21",
                    "text":"Strata console: inc-7f3a9c21"},
                   {"href":"https://strata.example/incident.html?id=inc-7f3a9c21#review-card",
                    "text":"Strata review: inc-7f3a9c21"},
                   {"href":"https://logs.example/explore?node=gpu-node-7&from=2026-12-08T09%3A55%3A00Z&to=2026-12-08T10%3A05%3A00Z",
                    "text":"Logs (loki): node gpu-node-7"}],
                 "client":"Strata","client_url":"https://strata.example"}
                """));
  }

  @Test
  void xid79MitigatingIsAnAcknowledgeNamingTheAlertByItsDedupKey() throws Exception {
    PagerDutyEvent event =
        EVENTS.of(PagerFixtures.xid79(IncidentState.MITIGATING, 2), EventAction.ACKNOWLEDGE);

    assertThat(event.toJson())
        .isEqualTo(
            JSON.readTree(
                """
                {"routing_key":"0123456789abcdef0123456789abcdef","event_action":"acknowledge",
                 "dedup_key":"inc-7f3a9c21",
                 "links":[
                   {"href":"https://strata.example/incident.html?id=inc-7f3a9c21",
                    "text":"Strata console: inc-7f3a9c21"},
                   {"href":"https://strata.example/incident.html?id=inc-7f3a9c21#review-card",
                    "text":"Strata review: inc-7f3a9c21"},
                   {"href":"https://logs.example/explore?node=gpu-node-7&from=2026-12-08T09%3A55%3A00Z&to=2026-12-08T10%3A06%3A00Z",
                    "text":"Logs (loki): node gpu-node-7"}]}
                """));
  }

  @Test
  void xid79ResolvedIsAResolveWhoseLogWindowEndsAtTheResolution() throws Exception {
    PagerDutyEvent event =
        EVENTS.of(PagerFixtures.xid79(IncidentState.RESOLVED, 3), EventAction.RESOLVE);

    assertThat(event.toJson())
        .isEqualTo(
            JSON.readTree(
                """
                {"routing_key":"0123456789abcdef0123456789abcdef","event_action":"resolve",
                 "dedup_key":"inc-7f3a9c21",
                 "links":[
                   {"href":"https://strata.example/incident.html?id=inc-7f3a9c21",
                    "text":"Strata console: inc-7f3a9c21"},
                   {"href":"https://strata.example/incident.html?id=inc-7f3a9c21#review-card",
                    "text":"Strata review: inc-7f3a9c21"},
                   {"href":"https://logs.example/explore?node=gpu-node-7&from=2026-12-08T09%3A55%3A00Z&to=2026-12-08T10%3A11%3A00Z",
                    "text":"Logs (loki): node gpu-node-7"}]}
                """));
  }

  @Test
  void theDeadLetterCopyCarriesNoRoutingKey() {
    PagerDutyEvent event =
        EVENTS.of(PagerFixtures.xid79(IncidentState.OPEN, 1), EventAction.TRIGGER);

    JsonNode redacted = event.toRedactedJson();

    assertThat(redacted.path("routing_key").asText()).isEqualTo("<redacted>");
    assertThat(redacted.toString()).doesNotContain(PagerFixtures.KEY);
    assertThat(redacted.path("payload")).isEqualTo(event.toJson().path("payload"));
  }

  @Test
  void aSummaryPastPagerDutysLimitIsCutTo1024CharactersWithAnEllipsis() {
    Incident open = PagerFixtures.xid79(IncidentState.OPEN, 1);
    String prefix = "CRITICAL DEVICE_FAULT inc-7f3a9c21: ";

    String cut = PagerDutyEvents.summary(withSummary(open, "x".repeat(2_000)));
    assertThat(cut).hasSize(1024).startsWith(prefix + "xxx").endsWith("x…");

    // An emoji (two chars) across the cut is dropped whole rather than split.
    String emoji = "x".repeat(1022 - prefix.length()) + "\uD83D\uDD25" + "tail";
    String atBoundary = PagerDutyEvents.summary(withSummary(open, emoji));
    assertThat(atBoundary).hasSize(1023).endsWith("x…");

    String exact = "y".repeat(1024 - prefix.length());
    assertThat(PagerDutyEvents.summary(withSummary(open, exact))).isEqualTo(prefix + exact);
  }

  @Test
  void withoutAConsoleOnlyLogsAreLinkedAndTheSourceFallsBackToTheWorkload() {
    PagerDutyEvents noConsole = new PagerDutyEvents(PagerFixtures.KEY, Optional.empty(), null);
    Incident app =
        new Incident(
            "inc-app-1",
            1,
            io.strata.events.incident.IncidentClass.APP_ERROR,
            io.strata.events.incident.Severity.CRITICAL,
            IncidentState.OPEN,
            "error rate 40%",
            Correlation.builder().cluster("gpu-east").namespace("ml").workload("llm").build(),
            new Scope(
                "gpu-east", List.of(), List.of(), List.of("ml/llm"), List.of(), false, true, false),
            null,
            null,
            null,
            List.of(),
            PagerFixtures.T0,
            PagerFixtures.T0,
            null,
            null,
            1,
            null);

    JsonNode json = noConsole.of(app, EventAction.TRIGGER).toJson();

    assertThat(json.has("links")).isFalse();
    assertThat(json.has("client_url")).isFalse();
    assertThat(json.path("client").asText()).isEqualTo("Strata");
    assertThat(json.at("/payload/source").asText()).isEqualTo("gpu-east/ml/llm");
    assertThat(json.at("/payload").has("component")).isFalse();
    assertThat(json.at("/payload/custom_details").fieldNames())
        .toIterable()
        .containsExactly("incident_id", "episode", "state", "scope", "opened_at");
  }

  private static Incident withSummary(Incident i, String summary) {
    return new Incident(
        i.incidentId(),
        i.revision(),
        i.incidentClass(),
        i.severity(),
        i.state(),
        summary,
        i.correlation(),
        i.scope(),
        i.trigger(),
        i.longestStage(),
        i.evidence(),
        i.suggestedActions(),
        i.openedAt(),
        i.updatedAt(),
        i.resolvedAt(),
        i.timeToRecoverMillis(),
        i.episode(),
        i.reopenedAt());
  }
}
