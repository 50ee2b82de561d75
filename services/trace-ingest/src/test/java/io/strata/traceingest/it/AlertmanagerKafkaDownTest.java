package io.strata.traceingest.it;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import io.strata.embeddedkafka.InjectTestKafka;
import io.strata.embeddedkafka.StrataKafkaResource;
import io.strata.embeddedkafka.TestKafka;
import io.strata.traceingest.alert.AlertFixtures;
import io.strata.traceingest.alert.ExpectedAlertEvents;
import io.strata.traceingest.receiver.ReceiverServers;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Kafka stops under a running webhook: notifications are answered 503 + Retry-After (which
 * Alertmanager retries), never 200 for alerts Kafka did not take; once Kafka is back, the retried
 * notification publishes every alert. Its own profile gives it its own broker, which it stops.
 */
@QuarkusTest
@TestProfile(AlertmanagerKafkaDownTest.ShortKafkaTimeouts.class)
@WithTestResource(StrataKafkaResource.class)
class AlertmanagerKafkaDownTest {

  /** Kafka timeouts of a couple of seconds, so the failure shows quickly. */
  public static class ShortKafkaTimeouts implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of(
          "strata.trace-ingest.kafka.max-block", "500ms",
          "strata.trace-ingest.kafka.request-timeout", "1s",
          "strata.trace-ingest.kafka.delivery-timeout", "2s",
          "strata.trace-ingest.kafka.linger", "0ms",
          "strata.trace-ingest.receiver.retry-after", "3s");
    }
  }

  @InjectTestKafka TestKafka kafka;

  @Inject ReceiverServers servers;

  @Test
  void notificationsAreRefusedRetryablyWhileKafkaIsDownAndNothingIsLost() {
    Alertmanager alertmanager = new Alertmanager(servers.httpPort());
    Instant since = Instant.now();
    alertmanager.post(AlertFixtures.KUBE_CRASHLOOPING).then().statusCode(200);

    kafka.stopBrokers();

    Response refused = alertmanager.post(AlertFixtures.GPU_XID_FIRING);
    assertThat(refused.statusCode()).isEqualTo(503);
    assertThat(refused.header("Retry-After")).isEqualTo("3");
    assertThat(refused.asString())
        .startsWith(
            "{\"status\":\"refused\",\"reason\":\"KAFKA_UNAVAILABLE\","
                + "\"message\":\"Kafka did not acknowledge the alerts: ");
    // Within the retry interval the next notification is refused without waiting for Kafka.
    Response again = alertmanager.post(AlertFixtures.GPU_XID_FIRING);
    assertThat(again.statusCode()).isEqualTo(503);
    assertThat(again.asString()).contains("\"message\":\"Kafka is unavailable since ");
    given().when().get("/q/health/ready").then().statusCode(503);

    kafka.startBrokers();

    // Alertmanager retries the notification (with backoff) until it is delivered.
    await()
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> alertmanager.post(AlertFixtures.GPU_XID_FIRING).statusCode() == 200);
    assertThat(
            AlertTopic.read(
                kafka.bootstrapServers(),
                List.of("30d13215198d778a", "3f6a6800b709ca0b", "919c301fb68c280c"),
                since))
        .containsAll(ExpectedAlertEvents.gpuXidFiring(null))
        .contains(ExpectedAlertEvents.kubePodCrashLooping(null));
    given()
        .when()
        .get("/q/metrics")
        .then()
        .body(
            containsString(
                "strata_trace_ingest_alertmanager_requests_total{outcome=\"kafka_unavailable\"}"));
  }
}
