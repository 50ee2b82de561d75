package io.strata.traceingest.it;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.strata.embeddedkafka.InjectTestKafka;
import io.strata.embeddedkafka.StrataKafkaResource;
import io.strata.embeddedkafka.TestKafka;
import io.strata.events.alert.AlertEvent;
import io.strata.traceingest.alert.AlertFixtures;
import io.strata.traceingest.alert.ExpectedAlertEvents;
import io.strata.traceingest.receiver.AlertmanagerHandler;
import io.strata.traceingest.receiver.ReceiverServers;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The webhook end to end: Alertmanager's real bodies and headers posted to the receiver's HTTP
 * port, the exact alert events read back from strata.alerts.v1 on the in-JVM broker.
 */
@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
class AlertmanagerWebhookTest {

  private static final String GPU3 = "30d13215198d778a";
  private static final String GPU0 = "3f6a6800b709ca0b";

  @InjectTestKafka TestKafka kafka;

  @Inject ReceiverServers servers;

  @Test
  void firingRepeatedAndResolvedNotificationsBecomeExactlyTheirNews() {
    Alertmanager alertmanager = new Alertmanager(servers.httpPort());
    Instant since = Instant.now();

    alertmanager
        .post(AlertFixtures.GPU_XID_FIRING)
        .then()
        .statusCode(200)
        .contentType("application/json")
        .body(equalTo("{\"status\":\"accepted\",\"alerts\":2,\"published\":2,\"deduplicated\":0}"));
    assertThat(AlertTopic.read(kafka.bootstrapServers(), List.of(GPU3, GPU0), since))
        .containsExactlyInAnyOrderElementsOf(ExpectedAlertEvents.gpuXidFiring(null));

    // Alertmanager's repeat_interval: the same group again, nothing new published.
    alertmanager
        .post(AlertFixtures.GPU_XID_FIRING)
        .then()
        .statusCode(200)
        .body(equalTo("{\"status\":\"accepted\",\"alerts\":2,\"published\":0,\"deduplicated\":2}"));
    alertmanager
        .post(AlertFixtures.GPU_XID_RESOLVED)
        .then()
        .statusCode(200)
        .body(equalTo("{\"status\":\"accepted\",\"alerts\":2,\"published\":1,\"deduplicated\":1}"));

    List<AlertEvent> all = AlertTopic.read(kafka.bootstrapServers(), List.of(GPU3, GPU0), since);
    assertThat(all.stream().filter(e -> e.fingerprint().equals(GPU3)).toList())
        .containsExactly(
            ExpectedAlertEvents.gpuXidFiring(null).get(0), ExpectedAlertEvents.gpu3Resolved(null));
    assertThat(all.stream().filter(e -> e.fingerprint().equals(GPU0)).toList())
        .containsExactly(ExpectedAlertEvents.gpuXidFiring(null).get(1));
  }

  @Test
  void kubeStateMetricsAndNvsentinelAlertsArePublishedAndBasicAuthIsAccepted() {
    Alertmanager alertmanager = new Alertmanager(servers.httpPort());
    Instant since = Instant.now();

    alertmanager.post(AlertFixtures.KUBE_CRASHLOOPING).then().statusCode(200);
    alertmanager.post(AlertFixtures.NVSENTINEL).then().statusCode(200);
    alertmanager
        .post(AlertFixtures.body(AlertFixtures.GPU_TEMPERATURE_TRUNCATED), Alertmanager.BASIC)
        .then()
        .statusCode(200)
        .body(equalTo("{\"status\":\"accepted\",\"alerts\":1,\"published\":1,\"deduplicated\":0}"));

    assertThat(
            AlertTopic.read(
                kafka.bootstrapServers(), List.of("919c301fb68c280c", "0f349c06a8304843"), since))
        .containsExactlyInAnyOrder(
            ExpectedAlertEvents.kubePodCrashLooping(null), ExpectedAlertEvents.nvsentinel(null));
    given()
        .when()
        .get("/q/metrics")
        .then()
        .body(
            containsString("strata_trace_ingest_alertmanager_requests_total{outcome=\"accepted\"}"))
        .body(containsString("strata_trace_ingest_alerts_published_total"))
        .body(containsString("strata_trace_ingest_alerts_deduplicated_total"))
        .body(containsString("strata_trace_ingest_alerts_remembered"));
  }

  @Test
  void withoutOrWithWrongCredentialsTheAnswerIs401WithItsReason() {
    Alertmanager alertmanager = new Alertmanager(servers.httpPort());
    byte[] body = AlertFixtures.body(AlertFixtures.GPU_XID_FIRING);

    Response missing = alertmanager.post(body, null);
    assertThat(missing.statusCode()).isEqualTo(401);
    assertThat(missing.header("WWW-Authenticate"))
        .isEqualTo("Bearer realm=\"strata\", Basic realm=\"strata\"");
    assertThat(missing.asString())
        .isEqualTo(
            "{\"status\":\"rejected\",\"reason\":\"MISSING_CREDENTIALS\","
                + "\"message\":\"an Authorization header is required\"}");
    Response wrong = alertmanager.post(body, "Bearer s3cr3t-token-for-strata");
    assertThat(wrong.statusCode()).isEqualTo(401);
    assertThat(wrong.asString()).contains("\"reason\":\"WRONG_CREDENTIALS\"");
    given()
        .when()
        .get("/q/metrics")
        .then()
        .body(
            containsString(
                "strata_trace_ingest_alertmanager_requests_total{outcome=\"missing_credentials\"}"))
        .body(
            containsString(
                "strata_trace_ingest_alertmanager_requests_total{outcome=\"wrong_credentials\"}"));
  }

  @Test
  void malformedRequestsAre4xxWithAReasonNever500() {
    Alertmanager alertmanager = new Alertmanager(servers.httpPort());
    String fixture =
        new String(AlertFixtures.body(AlertFixtures.GPU_XID_FIRING), StandardCharsets.UTF_8);

    Response version =
        alertmanager.post(
            fixture
                .replace("\"version\":\"4\"", "\"version\":\"5\"")
                .getBytes(StandardCharsets.UTF_8),
            Alertmanager.BEARER);
    assertThat(version.statusCode()).isEqualTo(400);
    assertThat(version.asString())
        .isEqualTo(
            "{\"status\":\"rejected\",\"reason\":\"UNSUPPORTED_VERSION\",\"message\":"
                + "\"version 5 is not supported; Alertmanager's webhook payload version 4 is\"}");

    given()
        .port(servers.httpPort())
        .header("Authorization", Alertmanager.BEARER)
        .contentType("text/plain")
        .body(fixture)
        .when()
        .post(AlertmanagerHandler.PATH)
        .then()
        .statusCode(415)
        .body(containsString("\"reason\":\"UNSUPPORTED_MEDIA_TYPE\""));
    // %test max-body-bytes is 256 KiB.
    alertmanager
        .post(new byte[300 * 1024], Alertmanager.BEARER)
        .then()
        .statusCode(413)
        .body(containsString("\"reason\":\"BODY_TOO_LARGE\""));
    given()
        .port(servers.httpPort())
        .header("Authorization", Alertmanager.BEARER)
        .when()
        .get(AlertmanagerHandler.PATH)
        .then()
        .statusCode(405)
        .header("Allow", "POST")
        .body(containsString("\"reason\":\"METHOD_NOT_ALLOWED\""));
    given()
        .port(servers.httpPort())
        .when()
        .post("/api/v1/alerts")
        .then()
        .statusCode(404)
        .body(containsString("Alertmanager notifications to /api/v2/alertmanager"));
  }
}
