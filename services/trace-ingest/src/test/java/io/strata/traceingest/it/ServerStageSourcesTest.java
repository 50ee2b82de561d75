package io.strata.traceingest.it;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import com.google.protobuf.ByteString;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.resource.v1.Resource;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.strata.embeddedkafka.InjectTestKafka;
import io.strata.embeddedkafka.StrataKafkaResource;
import io.strata.embeddedkafka.TestKafka;
import io.strata.events.Correlation;
import io.strata.events.trace.SpanKind;
import io.strata.events.trace.SpanStatus;
import io.strata.events.trace.SpanSummary;
import io.strata.events.trace.Stage;
import io.strata.traceingest.receiver.ReceiverServers;
import io.strata.traceingest.stages.DerivedSpanIds;
import io.strata.traceingest.stages.VllmSpans;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Real inference servers' span shapes through the running service: a vLLM {@code llm_request} (OTLP
 * JSON and protobuf, vLLM's attribute names and float-second units) and a configured in-house
 * source ({@code acme}, %test profile) come out of Kafka as the request plus its stage summaries.
 */
@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
class ServerStageSourcesTest {

  private static final Instant START = Instant.parse("2025-11-30T10:00:00Z");

  @InjectTestKafka TestKafka kafka;

  @Inject ReceiverServers servers;

  @Test
  void vllmJsonRequestSpanYieldsQueuePrefillAndDecodeSummaries() throws IOException {
    Instant before = Instant.now();
    post("application/json", resource("/otlp/vllm_llm_request.json"))
        .then()
        .statusCode(200)
        .body(equalTo("{}"));

    String trace = "7e1a0c5d2b9f4e38a6c1d0b2f3e4a5c6";
    String span = "00f067aa0ba902b7";
    Correlation correlation = VllmSpans.servingCorrelation();
    assertThat(SpanTopic.read(bootstrap(), trace, 4, before))
        .containsExactlyInAnyOrder(
            new SpanSummary(
                trace,
                span,
                "b7ad6b7169203331",
                "llm_request",
                Stage.REQUEST,
                true,
                SpanKind.SERVER,
                START,
                2_000_000_000L,
                SpanStatus.UNSET,
                null,
                "llama-vllm",
                correlation,
                null,
                128L,
                null),
            stage(trace, span, "vllm.queue", Stage.QUEUE_WAIT, 250, 500, "llama-vllm", correlation),
            stage(
                trace,
                span,
                "vllm.prefill",
                Stage.GPU_EXECUTE,
                750,
                250,
                "llama-vllm",
                correlation),
            stage(
                trace,
                span,
                "vllm.decode",
                Stage.GPU_EXECUTE,
                1000,
                1000,
                "llama-vllm",
                correlation));
  }

  @Test
  void vllmProtobufRequestSpanYieldsTheSameStages() {
    String trace = "3c2b1a09f8e7d6c5b4a3928170f6e5d4";
    Span span =
        VllmSpans.llmRequest(3.0, 1.5, 0.25, 1.0).setTraceId(ByteString.fromHex(trace)).build();
    Instant before = Instant.now();
    post("application/x-protobuf", request("llama-vllm", span).toByteArray())
        .then()
        .statusCode(200);

    assertThat(SpanTopic.read(bootstrap(), trace, 4, before))
        .extracting(
            SpanSummary::name, SpanSummary::stage, SpanSummary::start, SpanSummary::durationNanos)
        .containsExactlyInAnyOrder(
            org.assertj.core.api.Assertions.tuple(
                "llm_request", Stage.REQUEST, START, 3_000_000_000L),
            org.assertj.core.api.Assertions.tuple(
                "vllm.queue", Stage.QUEUE_WAIT, START.plusMillis(250), 1_500_000_000L),
            org.assertj.core.api.Assertions.tuple(
                "vllm.prefill", Stage.GPU_EXECUTE, START.plusMillis(1750), 250_000_000L),
            org.assertj.core.api.Assertions.tuple(
                "vllm.decode", Stage.GPU_EXECUTE, START.plusMillis(2000), 1_000_000_000L));
  }

  @Test
  void aConfiguredInHouseSourceDerivesItsStages() {
    String trace = "9a1b2c3d4e5f60718293a4b5c6d7e8f9";
    String spanId = "1122334455667788";
    Span span =
        Span.newBuilder()
            .setTraceId(ByteString.fromHex(trace))
            .setSpanId(ByteString.fromHex(spanId))
            .setName("acme.infer")
            .setKind(Span.SpanKind.SPAN_KIND_SERVER)
            .setStartTimeUnixNano(VllmSpans.START)
            .setEndTimeUnixNano(VllmSpans.START + 1_000_000_000L)
            .addAttributes(VllmSpans.integer("acme.queue_ms", 200))
            .addAttributes(VllmSpans.integer("acme.gpu_ms", 700))
            .build();
    Instant before = Instant.now();
    post("application/x-protobuf", request("acme-server", span).toByteArray())
        .then()
        .statusCode(200);

    Correlation correlation = Correlation.builder().workload("acme-server").build();
    assertThat(SpanTopic.read(bootstrap(), trace, 3, before))
        .filteredOn(s -> !s.root())
        .containsExactlyInAnyOrder(
            stage(
                trace,
                spanId,
                "acme.queue_wait",
                Stage.QUEUE_WAIT,
                0,
                200,
                "acme-server",
                correlation),
            stage(
                trace,
                spanId,
                "acme.gpu_execute",
                Stage.GPU_EXECUTE,
                200,
                700,
                "acme-server",
                correlation));
  }

  private static SpanSummary stage(
      String trace,
      String parent,
      String name,
      Stage stage,
      long offsetMillis,
      long millis,
      String service,
      Correlation correlation) {
    return new SpanSummary(
        trace,
        DerivedSpanIds.of(parent, name),
        parent,
        name,
        stage,
        false,
        SpanKind.INTERNAL,
        START.plusMillis(offsetMillis),
        millis * 1_000_000L,
        SpanStatus.UNSET,
        null,
        service,
        correlation,
        null,
        null,
        null);
  }

  private static ExportTraceServiceRequest request(String service, Span span) {
    return ExportTraceServiceRequest.newBuilder()
        .addResourceSpans(
            ResourceSpans.newBuilder()
                .setResource(
                    Resource.newBuilder().addAttributes(VllmSpans.text("service.name", service)))
                .addScopeSpans(ScopeSpans.newBuilder().addAllSpans(List.of(span))))
        .build();
  }

  private io.restassured.response.Response post(String contentType, byte[] body) {
    return given()
        .contentType(contentType)
        .body(body)
        .when()
        .post("http://localhost:" + servers.httpPort() + "/v1/traces");
  }

  private static byte[] resource(String path) throws IOException {
    try (InputStream in = ServerStageSourcesTest.class.getResourceAsStream(path)) {
      return in.readAllBytes();
    }
  }

  private String bootstrap() {
    return kafka.bootstrapServers();
  }
}
