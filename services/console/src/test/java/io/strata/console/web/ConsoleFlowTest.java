package io.strata.console.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.strata.console.Fixtures;
import io.strata.console.JournalSigning;
import io.strata.embeddedkafka.InjectTestKafka;
import io.strata.embeddedkafka.KafkaTestClient;
import io.strata.embeddedkafka.StrataKafkaResource;
import io.strata.embeddedkafka.TestKafka;
import io.strata.events.Correlation;
import io.strata.events.alert.AlertEvent;
import io.strata.events.alert.AlertStatus;
import io.strata.events.incident.IncidentState;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.topic.Topics;
import io.strata.testsupport.MeterNames;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The console against a real in-JVM broker and stand-ins for the remediator and correlator. */
@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
@WithTestResource(FakeUpstreams.class)
class ConsoleFlowTest {

  /** `printf %s '{"spec":{"unschedulable":true}}' | sha256sum`: the cordon's patch. */
  private static final String CORDON_SHA256 =
      "a3b3c1e7cbdcba4ca8e97e793e4a275742ac556007774ff659eba1ad2769f08f";

  private static final Duration WAIT = Duration.ofSeconds(30);

  @InjectTestKafka TestKafka kafka;

  @Test
  void anIncidentFromTheTopicsIsListedPagedApprovedAndReviewed() {
    // Opened now: the page reads the exemplar's spans around the time the incident named it, by
    // record time, and these were just written.
    Instant opened = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    try (KafkaTestClient client = new KafkaTestClient(kafka.bootstrapServers());
        JournalSigning journal = new JournalSigning(kafka.bootstrapServers())) {
      Fixtures.spans().forEach(s -> client.send(Topics.TRACE_SPANS, s.traceId(), s));
      client.send(
          Topics.INCIDENTS,
          Fixtures.INCIDENT,
          Fixtures.incident(
              Fixtures.INCIDENT, 1, IncidentState.OPEN, "local", "inference", "llm-serve", opened));
      // Signed as the remediator signs its journal: only a verified record is an action's state.
      RemediationAction proposed =
          Fixtures.cordon(ActionState.PROPOSED, Fixtures.OPENED.plusSeconds(6));
      journal.send(proposed, JournalSigning.tag(proposed));
    }
    await()
        .atMost(WAIT)
        .untilAsserted(
            () ->
                given()
                    .get("/console/api/incidents?state=OPEN&workload=llm-serve")
                    .then()
                    .statusCode(200)
                    .body("incidents.incident_id", hasItem(Fixtures.INCIDENT))
                    .body("incidents[0].pending_actions", equalTo(1)));
    await()
        .atMost(WAIT)
        .untilAsserted(
            () ->
                given()
                    .get("/console/api/incidents/" + Fixtures.INCIDENT)
                    .then()
                    .statusCode(200)
                    .body("waterfalls[0].spans_kept", equalTo(true))
                    .body("waterfalls[0].dominant_stage", equalTo("GPU_EXECUTE"))
                    .body("plan[0].diff[1]", equalTo("+ spec.unschedulable: true"))
                    .body("plan[0].patch", equalTo("{\"spec\":{\"unschedulable\":true}}"))
                    .body("plan[0].patch_sha256", equalTo(CORDON_SHA256))
                    .body("workload_sparklines[0].values[0]", equalTo(1840.0f))
                    // The %test templates (application.properties), filled for the exemplar and
                    // its pod; the window is opened minus 5 min to the last update (opened + 1 s)
                    // plus 5 min.
                    .body("log_links.traces[0].subject", equalTo(Fixtures.TRACE))
                    .body(
                        "log_links.traces[0].links[0].url",
                        equalTo(
                            "https://logs.example/search?pod=llm-serve-7c9f-abcde&trace="
                                + Fixtures.TRACE
                                + "&from="
                                + encodedSecond(opened.minusSeconds(300))
                                + "&to="
                                + encodedSecond(opened.plusSeconds(301))))
                    .body(
                        "log_links.pods[0].links[0].url",
                        equalTo(
                            "https://logs.example/search?ns=inference&pod=llm-serve-7c9f-abcde"))
                    .body(
                        "log_links.pods[0].links[0].label",
                        equalTo("Logs (pod-logs): pod llm-serve-7c9f-abcde")));

    given()
        .post("/console/api/actions/" + Fixtures.CORDON + "/approve")
        .then()
        .statusCode(401)
        .body("reason", equalTo("NOT_SIGNED_IN"));
    given()
        .auth()
        .oauth2(FakeUpstreams.APPROVER)
        .post("/console/api/actions/" + Fixtures.CORDON + "/approve")
        .then()
        .statusCode(400)
        .body("reason", equalTo("PATCH_HASH_REQUIRED"));
    given()
        .auth()
        .oauth2(FakeUpstreams.APPROVER)
        .post("/console/api/actions/" + Fixtures.CORDON + "/approve?patch_sha256=abc")
        .then()
        .statusCode(400)
        .body("reason", equalTo("INVALID_PATCH_HASH"));
    given()
        .auth()
        .oauth2(FakeUpstreams.VIEWER)
        .post("/console/api/actions/" + Fixtures.CORDON + "/approve?patch_sha256=" + CORDON_SHA256)
        .then()
        .statusCode(403)
        .body("reason", equalTo("ROLE_NOT_ALLOWED"));
    given()
        .auth()
        .oauth2(FakeUpstreams.APPROVER)
        .post("/console/api/actions/" + Fixtures.CORDON + "/approve?patch_sha256=" + CORDON_SHA256)
        .then()
        .statusCode(202)
        .body("approved_by", equalTo("alice"));
    // The remediator gets the hash of the patch the page showed, and checks it against its own.
    assertThat(FakeUpstreams.APPROVALS)
        .containsExactly("alice " + Fixtures.CORDON + " patch_sha256=" + CORDON_SHA256);
    given()
        .auth()
        .oauth2(FakeUpstreams.VIEWER)
        .get("/console/api/pause")
        .then()
        .statusCode(200)
        .body("paused", equalTo(false));
    given()
        .auth()
        .oauth2("not-a-token-0123456789")
        .get("/console/api/whoami")
        .then()
        .statusCode(401)
        .body("reason", equalTo("UNKNOWN_TOKEN"));

    given()
        .get("/console/api/incidents/" + Fixtures.INCIDENT + "/review.md")
        .then()
        .statusCode(404)
        .body("reason", equalTo("NO_REVIEW"));
    try (KafkaTestClient client = new KafkaTestClient(kafka.bootstrapServers())) {
      client.send(Topics.REVIEWS, Fixtures.INCIDENT, Fixtures.review());
    }
    await()
        .atMost(WAIT)
        .untilAsserted(
            () ->
                given()
                    .get("/console/api/incidents/" + Fixtures.INCIDENT + "/review.md")
                    .then()
                    .statusCode(200)
                    .header("Content-Disposition", containsString("review-inc-f9232929.md"))
                    .body(containsString("# Review inc-f9232929")));
    given()
        .get("/console/api/incidents/" + Fixtures.INCIDENT + "/review.json")
        .then()
        .statusCode(200)
        .body("outcome", equalTo("RECOVERED"));
  }

  /** RFC 3339 to the second, its colons percent-encoded as a placeholder's value is. */
  private static String encodedSecond(Instant at) {
    return at.toString().replace(":", "%3A");
  }

  @Test
  void alertsNoIncidentCarriesAreListedAsContextAndAnIncidentShowsItsOwn() {
    Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    AlertEvent crash =
        Fixtures.crashLooping(AlertStatus.FIRING, now.minusSeconds(60), null, now.minusSeconds(58));
    AlertEvent carried =
        Fixtures.alert(
            "5d5d5d5d5d5d5d5d",
            "<script>alert(1)</script>",
            AlertStatus.FIRING,
            Map.of("alertname", "<script>alert(1)</script>", "severity", "critical"),
            Map.of("summary", "XID 79 on " + Fixtures.GPU),
            Correlation.builder().cluster("local").node(Fixtures.NODE).build(),
            Fixtures.GPU,
            now.minusSeconds(30),
            null,
            "javascript:alert(1)",
            now.minusSeconds(29));
    // Resolved two days ago: past the default hour a resolved alert stays.
    AlertEvent old =
        Fixtures.alert(
            "6e6e6e6e6e6e6e6e",
            "NodeDiskPressure",
            AlertStatus.RESOLVED,
            Map.of("alertname", "NodeDiskPressure"),
            Map.of(),
            Correlation.builder().cluster("local").node("cpu-node-1").build(),
            null,
            now.minus(Duration.ofDays(2)),
            now.minus(Duration.ofDays(2)).plusSeconds(600),
            null,
            now.minus(Duration.ofDays(2)).plusSeconds(601));
    String incident = "inc-a1e47c0d";
    try (KafkaTestClient client = new KafkaTestClient(kafka.bootstrapServers())) {
      client.send(Topics.ALERTS, crash.fingerprint(), crash);
      client.send(Topics.ALERTS, carried.fingerprint(), carried);
      client.send(Topics.ALERTS, old.fingerprint(), old);
      client.send(
          Topics.INCIDENTS,
          incident,
          Fixtures.withAlerts(
              Fixtures.incident(
                  incident,
                  1,
                  IncidentState.OPEN,
                  "local",
                  "batch",
                  "trainer",
                  now.minusSeconds(3600)),
              List.of(Fixtures.evidence(carried))));
    }
    await()
        .atMost(WAIT)
        .untilAsserted(
            () ->
                given()
                    .get("/console/api/alerts")
                    .then()
                    .statusCode(200)
                    .body("total", equalTo(1))
                    .body("alerts.fingerprint", equalTo(List.of(Fixtures.CRASH_LOOP))));
    given()
        .get("/console/api/alerts")
        .then()
        .statusCode(200)
        .body("alerts[0].status", equalTo("FIRING"))
        .body("alerts[0].alert_name", equalTo("KubePodCrashLooping"))
        .body("alerts[0].severity", equalTo("warning"))
        .body("alerts[0].keys", equalTo(List.of("cluster local", "pod batch/trainer-0")))
        .body("alerts[0].namespace", equalTo("batch"))
        .body("alerts[0].pod", equalTo("trainer-0"))
        .body("alerts[0].summary", equalTo("Pod batch/trainer-0 is crash looping"))
        .body("alerts[0].starts_at", equalTo(now.minusSeconds(60).toString()))
        .body(
            "alerts[0].link",
            equalTo(
                "http://prometheus.local:9090/graph?g0.expr=kube_pod_container_status_restarts_total"));
    await()
        .atMost(WAIT)
        .untilAsserted(
            () ->
                given()
                    .get("/console/api/incidents/" + incident)
                    .then()
                    .statusCode(200)
                    .body("alerts.fingerprint", equalTo(List.of("5d5d5d5d5d5d5d5d")))
                    // Verbatim in the JSON: the page writes it as text.
                    .body("alerts[0].alert_name", equalTo("<script>alert(1)</script>"))
                    .body("alerts[0].generator_url", equalTo("javascript:alert(1)"))
                    .body("alerts[0].link", equalTo(null)));
    // The list page's alerts section, which console.js fills from /console/api/alerts.
    given()
        .get("/")
        .then()
        .statusCode(200)
        .body(containsString("Alerts (context)"))
        .body(containsString("<table id=\"alerts\""));
    given()
        .get("/console.js")
        .then()
        .statusCode(200)
        .body(containsString("getJson(\"/console/api/alerts\")"))
        .body(containsString("rel: \"noopener\""));
    given().get("/incident.html").then().statusCode(200).body(containsString("id=\"alerts-card\""));
    given()
        .get("/q/health/ready")
        .then()
        .body("checks.find { it.name == 'topics-read' }.data.'alerts-topic'", equalTo("NONE"));
  }

  @Test
  void badFiltersAndUnknownIncidentsAnswerWithAReason() {
    given()
        .get("/console/api/incidents?state=SLEEPING")
        .then()
        .statusCode(400)
        .body("reason", equalTo("INVALID_FILTER"));
    given()
        .get("/console/api/incidents/inc-none")
        .then()
        .statusCode(404)
        .body("reason", equalTo("UNKNOWN_INCIDENT"));
  }

  @Test
  void pagesHealthAndMetricsAreServed() {
    given().get("/").then().statusCode(200).body(containsString("Strata · incidents"));
    given()
        .get("/incident.html")
        .then()
        .statusCode(200)
        .body(containsString("Exemplar traces"))
        .body(containsString("id=\"log-links\""));
    await()
        .atMost(WAIT)
        .untilAsserted(
            () ->
                given()
                    .get("/q/health/ready")
                    .then()
                    .statusCode(200)
                    .body("status", equalTo("UP")));
    given()
        .get("/q/openapi")
        .then()
        .statusCode(200)
        .body(containsString("/console/api/incidents/{id}"));
    String metrics =
        given()
            .get("/q/metrics")
            .then()
            .statusCode(200)
            .body(containsString("strata_console_store_entries"))
            .extract()
            .asString();
    // The one naming convention of every Strata service (issue 19), as the others'
    // ServiceEndpointsTest holds it: every strata_* meter is the console's own.
    assertThat(MeterNames.notPrefixed(metrics, "strata_console_")).isEmpty();
  }
}
