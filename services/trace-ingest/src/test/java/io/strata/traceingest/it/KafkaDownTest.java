package io.strata.traceingest.it;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import com.google.rpc.Code;
import com.google.rpc.Status;
import io.opentelemetry.exporter.otlp.trace.OtlpGrpcSpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import io.strata.embeddedkafka.InjectTestKafka;
import io.strata.embeddedkafka.StrataKafkaResource;
import io.strata.embeddedkafka.TestKafka;
import io.strata.traceingest.kafka.InFlightLimits;
import io.strata.traceingest.receiver.ReceiverServers;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Kafka stops under a running receiver: every export is answered with a retryable refusal (503 +
 * Retry-After, gRPC UNAVAILABLE; 429 past the in-flight limit), never a 200 for spans that did not
 * reach Kafka. Its own profile gives it its own broker, which it kills.
 */
@QuarkusTest
@TestProfile(KafkaDownTest.ShortKafkaTimeouts.class)
@WithTestResource(StrataKafkaResource.class)
class KafkaDownTest {

  /** Kafka timeouts of a couple of seconds, so the failure shows quickly; one request at a time. */
  public static class ShortKafkaTimeouts implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of(
          "strata.trace-ingest.kafka.max-block", "500ms",
          "strata.trace-ingest.kafka.request-timeout", "1s",
          "strata.trace-ingest.kafka.delivery-timeout", "2s",
          "strata.trace-ingest.kafka.linger", "0ms",
          "strata.trace-ingest.receiver.retry-after", "7s",
          "strata.trace-ingest.receiver.max-in-flight-requests", "1");
    }
  }

  @InjectTestKafka TestKafka kafka;

  @Inject ReceiverServers servers;
  @Inject InFlightLimits limits;

  @Test
  void exportsAreRefusedWithRetryAfterWhileKafkaIsDown() throws Exception {
    post().then().statusCode(200);
    given().when().get("/q/health/ready").then().statusCode(200);

    kafka.stopBrokers();

    // The first export waits for Kafka (and holds the only request slot) until delivery times out.
    CompletableFuture<Response> first = CompletableFuture.supplyAsync(this::post);
    await().atMost(Duration.ofSeconds(10)).until(() -> limits.requestsInFlight() == 1);

    Response overloaded = post();
    assertThat(overloaded.statusCode()).isEqualTo(429);
    assertThat(overloaded.header("Retry-After")).isEqualTo("7");
    assertThat(status(overloaded).getCode()).isEqualTo(Code.RESOURCE_EXHAUSTED_VALUE);
    assertThat(status(overloaded).getMessage()).startsWith("too many export requests in flight");

    Response refused = first.get(20, TimeUnit.SECONDS);
    assertThat(refused.statusCode()).isEqualTo(503);
    assertThat(refused.header("Retry-After")).isEqualTo("7");
    Status firstStatus = status(refused);
    assertThat(firstStatus.getCode()).isEqualTo(Code.UNAVAILABLE_VALUE);
    assertThat(firstStatus.getMessage()).startsWith("Kafka did not acknowledge the spans");

    // Within the retry interval the next request is refused without waiting for Kafka again.
    Response second = post();
    assertThat(second.statusCode()).isEqualTo(503);
    assertThat(second.header("Retry-After")).isEqualTo("7");
    assertThat(status(second).getMessage()).startsWith("Kafka is unavailable since");

    List<SpanData> spans = SdkTraces.inferenceRequest("Generate");
    OtlpGrpcSpanExporter grpc =
        OtlpGrpcSpanExporter.builder()
            .setEndpoint("http://localhost:" + servers.grpcPort())
            .setRetryPolicy(null)
            .build();
    try {
      assertThat(SdkTraces.exported(grpc.export(spans))).isFalse();
    } finally {
      grpc.shutdown().join(5, TimeUnit.SECONDS);
    }

    given()
        .when()
        .get("/q/health/ready")
        .then()
        .statusCode(503)
        .body(containsString("span-publishing"))
        .body(containsString("last_error"));
    given()
        .when()
        .get("/q/metrics")
        .then()
        .body(
            containsString(
                "strata_trace_ingest_requests_total{outcome=\"kafka_unavailable\","
                    + "transport=\"grpc\"} 1.0"))
        .body(
            containsString(
                "strata_trace_ingest_requests_total{outcome=\"kafka_unavailable\","
                    + "transport=\"http_json\"} 2.0"))
        .body(
            containsString(
                "strata_trace_ingest_requests_total{outcome=\"overloaded\","
                    + "transport=\"http_json\"} 1.0"));
  }

  private static Status status(Response response) {
    assertThat(response.contentType()).isEqualTo("application/json");
    Status.Builder status = Status.newBuilder();
    try {
      JsonFormat.parser().merge(response.asString(), status);
    } catch (InvalidProtocolBufferException e) {
      throw new AssertionError("not a google.rpc.Status: " + response.asString(), e);
    }
    return status.build();
  }

  private Response post() {
    try (InputStream in = getClass().getResourceAsStream("/otlp/examples__trace.json")) {
      return given()
          .port(servers.httpPort())
          .contentType("application/json")
          .body(in.readAllBytes())
          .when()
          .post("/v1/traces");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
