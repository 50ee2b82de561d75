package io.strata.traceingest.it;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import com.google.protobuf.ByteString;
import com.google.rpc.Status;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.exporter.otlp.trace.OtlpGrpcSpanExporter;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.resource.v1.Resource;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.strata.embeddedkafka.InjectTestKafka;
import io.strata.embeddedkafka.StrataKafkaResource;
import io.strata.embeddedkafka.TestKafka;
import io.strata.events.Correlation;
import io.strata.events.trace.SpanKind;
import io.strata.events.trace.SpanStatus;
import io.strata.events.trace.SpanSummary;
import io.strata.events.trace.Stage;
import io.strata.traceingest.receiver.ReceiverServers;
import jakarta.inject.Inject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/**
 * The receivers end to end: real OTLP exporters and bodies in, exact span summaries read back from
 * the real broker.
 */
@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
class OtlpReceiverTest {

  private static final String PROTOBUF = "application/x-protobuf";
  private static final String JSON = "application/json";

  @InjectTestKafka TestKafka kafka;

  @Inject ReceiverServers servers;
  @Inject RecordingSpanExporter ownSpans;
  @Inject OpenTelemetry openTelemetry;

  @Test
  void sdkHttpProtobufExporterSpansArePublishedAsSummaries() {
    List<SpanData> spans = SdkTraces.inferenceRequest("POST /v1/completions");
    Instant before = Instant.now();
    OtlpHttpSpanExporter exporter =
        OtlpHttpSpanExporter.builder()
            .setEndpoint("http://localhost:" + servers.httpPort() + "/v1/traces")
            .build();
    try {
      assertThat(SdkTraces.exported(exporter.export(spans))).isTrue();
    } finally {
      exporter.shutdown().join(5, TimeUnit.SECONDS);
    }
    assertThat(SpanTopic.read(bootstrap(), spans.get(0).getTraceId(), spans.size(), before))
        .containsExactlyInAnyOrderElementsOf(ExpectedSummaries.of(spans));
  }

  @Test
  void sdkGrpcExporterSpansArePublishedAsSummaries() {
    List<SpanData> spans = SdkTraces.inferenceRequest("Generate");
    Instant before = Instant.now();
    OtlpGrpcSpanExporter exporter =
        OtlpGrpcSpanExporter.builder()
            .setEndpoint("http://localhost:" + servers.grpcPort())
            .setCompression("gzip")
            .build();
    try {
      assertThat(SdkTraces.exported(exporter.export(spans))).isTrue();
    } finally {
      exporter.shutdown().join(5, TimeUnit.SECONDS);
    }
    assertThat(SpanTopic.read(bootstrap(), spans.get(0).getTraceId(), spans.size(), before))
        .containsExactlyInAnyOrderElementsOf(ExpectedSummaries.of(spans));
  }

  @Test
  void officialJsonExampleIsPublished() {
    Instant before = Instant.now();
    post(JSON, example(), null).then().statusCode(200).contentType(JSON).body(equalTo("{}"));
    assertThat(SpanTopic.read(bootstrap(), "5b8efff798038103d269b633813fc60c", 1, before))
        .containsExactly(exampleSummary("5b8efff798038103d269b633813fc60c"));
  }

  @Test
  void gzipJsonBodyIsAccepted() throws IOException {
    String json =
        new String(example(), StandardCharsets.UTF_8)
            .replace("5B8EFFF798038103D269B633813FC60C", "0AF7651916CD43DD8448EB211C80319C");
    Instant before = Instant.now();
    post(JSON, gzip(json.getBytes(StandardCharsets.UTF_8)), "gzip").then().statusCode(200);
    assertThat(SpanTopic.read(bootstrap(), "0af7651916cd43dd8448eb211c80319c", 1, before))
        .containsExactly(exampleSummary("0af7651916cd43dd8448eb211c80319c"));
  }

  @Test
  void invalidIdsInJsonGivePartialSuccessAndTheValidSpanIsPublished() {
    String json =
        """
        {"resourceSpans":[{"resource":{"attributes":[
          {"key":"service.name","value":{"stringValue":"router"}},
          {"key":"k8s.job.name","value":{"stringValue":"batch-eval-42"}}]},
         "scopeSpans":[{"spans":[
          {"traceId":"4bf92f3577b34da6a3ce929d0e0e4736","spanId":"00f067aa0ba902b7",
           "name":"queue.wait","kind":1,"startTimeUnixNano":"1764496800000000000",
           "endTimeUnixNano":1764496800250000000,"status":{"code":2,"message":"queue full"}},
          {"traceId":"4bf92f3577b34da6a3ce929d0e0e4736","spanId":"0000000000000000",
           "name":"gpu.execute","startTimeUnixNano":"1764496800000000000",
           "endTimeUnixNano":"1764496800100000000"},
          {"traceId":"not-a-hex-trace-id","spanId":"00f067aa0ba902b8",
           "name":"gpu.execute","startTimeUnixNano":"1764496800000000000",
           "endTimeUnixNano":"1764496800100000000"}]}]}]}
        """;
    Instant before = Instant.now();
    post(JSON, json.getBytes(StandardCharsets.UTF_8), null)
        .then()
        .statusCode(200)
        .contentType(JSON)
        .body(
            equalTo(
                "{\"partialSuccess\":{\"rejectedSpans\":\"2\",\"errorMessage\":\"2 of 3 spans"
                    + " rejected: 1 INVALID_TRACE_ID (trace_id must be 16 bytes, not all zero);"
                    + " 1 INVALID_SPAN_ID (span_id must be 8 bytes, not all zero)\"}}"));
    assertThat(SpanTopic.read(bootstrap(), "4bf92f3577b34da6a3ce929d0e0e4736", 1, before))
        .containsExactly(
            new SpanSummary(
                "4bf92f3577b34da6a3ce929d0e0e4736",
                "00f067aa0ba902b7",
                null,
                "queue.wait",
                Stage.QUEUE_WAIT,
                true,
                SpanKind.INTERNAL,
                Instant.parse("2025-11-30T10:00:00Z"),
                250_000_000L,
                SpanStatus.ERROR,
                "queue full",
                "router",
                Correlation.builder().workload("batch-eval-42").job("batch-eval-42").build(),
                null,
                null,
                null));
  }

  @Test
  void invalidSpanIdInProtobufGivesPartialSuccess() throws IOException {
    Span.Builder valid =
        Span.newBuilder()
            .setTraceId(ByteString.fromHex("5b8efff798038103d269b633813fc60d"))
            .setSpanId(ByteString.fromHex("eee19b7ec3c1b175"))
            .setName("response.encode")
            .setStartTimeUnixNano(1_764_496_800_000_000_000L)
            .setEndTimeUnixNano(1_764_496_800_004_000_000L);
    Span shortId = valid.clone().setSpanId(ByteString.fromHex("eee19b7e")).build();
    ExportTraceServiceRequest request =
        ExportTraceServiceRequest.newBuilder()
            .addResourceSpans(
                ResourceSpans.newBuilder()
                    .setResource(
                        Resource.newBuilder()
                            .addAttributes(
                                KeyValue.newBuilder()
                                    .setKey("service.name")
                                    .setValue(AnyValue.newBuilder().setStringValue("encoder"))))
                    .addScopeSpans(ScopeSpans.newBuilder().addSpans(valid).addSpans(shortId)))
            .build();
    Instant before = Instant.now();
    Response response = post(PROTOBUF, request.toByteArray(), null);
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.contentType()).isEqualTo(PROTOBUF);
    ExportTraceServiceResponse body = ExportTraceServiceResponse.parseFrom(response.asByteArray());
    assertThat(body.getPartialSuccess().getRejectedSpans()).isEqualTo(1);
    assertThat(body.getPartialSuccess().getErrorMessage())
        .isEqualTo(
            "1 of 2 spans rejected: 1 INVALID_SPAN_ID (span_id must be 8 bytes, not all zero)");
    assertThat(SpanTopic.read(bootstrap(), "5b8efff798038103d269b633813fc60d", 1, before))
        .extracting(SpanSummary::spanId, SpanSummary::stage, SpanSummary::durationNanos)
        .containsExactly(tuple("eee19b7ec3c1b175", Stage.RESPONSE_ENCODE, 4_000_000L));
  }

  @Test
  void malformedProtobufIs400WithStatus() throws IOException {
    // Field 1 (resource_spans) announces 16 bytes and ends after one.
    Response response = post(PROTOBUF, new byte[] {0x0a, 0x10, 0x01}, null);
    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(response.contentType()).isEqualTo(PROTOBUF);
    Status status = Status.parseFrom(response.asByteArray());
    assertThat(status.getCode()).isEqualTo(com.google.rpc.Code.INVALID_ARGUMENT_VALUE);
    assertThat(status.getMessage()).startsWith("not an OTLP ExportTraceServiceRequest in protobuf");
  }

  @Test
  void malformedJsonIs400() {
    post(JSON, "{\"resourceSpans\": [".getBytes(StandardCharsets.UTF_8), null)
        .then()
        .statusCode(400)
        .contentType(JSON)
        .body(containsString("\"code\":3"));
  }

  @Test
  void oversizedAndGzipBombBodiesAre413() throws IOException {
    post(PROTOBUF, new byte[300 * 1024], null).then().statusCode(413);
    byte[] bomb = gzip(new byte[2 * 1024 * 1024]);
    assertThat(bomb.length).isLessThan(10 * 1024);
    post(PROTOBUF, bomb, "gzip").then().statusCode(413);
  }

  @Test
  void otherContentTypesAre415() {
    post("text/plain", "hello".getBytes(StandardCharsets.UTF_8), null)
        .then()
        .statusCode(415)
        .body(containsString("application/x-protobuf or application/json"));
    // Counted as what it is, not as a protobuf request.
    assertThat(metricsText())
        .contains(
            "strata_trace_ingest_requests_total{outcome=\"unsupported_content_type\","
                + "transport=\"http_unsupported\"} 1.0");
  }

  @Test
  void receiversAreNotTracedByTheServiceItself() {
    List<SpanData> spans = SdkTraces.inferenceRequest("POST /v1/chat");
    OtlpHttpSpanExporter http =
        OtlpHttpSpanExporter.builder()
            .setEndpoint("http://localhost:" + servers.httpPort() + "/v1/traces")
            .build();
    OtlpGrpcSpanExporter grpc =
        OtlpGrpcSpanExporter.builder()
            .setEndpoint("http://localhost:" + servers.grpcPort())
            .build();
    try {
      assertThat(SdkTraces.exported(http.export(spans))).isTrue();
      assertThat(SdkTraces.exported(grpc.export(spans))).isTrue();
    } finally {
      http.shutdown().join(5, TimeUnit.SECONDS);
      grpc.shutdown().join(5, TimeUnit.SECONDS);
    }
    // A span of our own proves the recording path works, so an empty result means something.
    Tracer tracer = openTelemetry.getTracer("receiver-test");
    tracer.spanBuilder("control").startSpan().end();
    assertThat(
            ((OpenTelemetrySdk) openTelemetry)
                .getSdkTracerProvider()
                .forceFlush()
                .join(10, TimeUnit.SECONDS)
                .isSuccess())
        .isTrue();
    assertThat(ownSpans.spans()).extracting(SpanData::getName).contains("control");
    assertThat(ownSpans.spans())
        .extracting(SpanData::getName)
        .noneMatch(name -> name.contains("/v1/traces") || name.contains("TraceService"))
        .noneMatch(name -> name.startsWith("POST") || name.startsWith("opentelemetry"));
  }

  @Test
  void metricsCountRequestsAndSpans() {
    post(JSON, example(), null).then().statusCode(200);
    given()
        .when()
        .get("/q/metrics")
        .then()
        .statusCode(200)
        .body(
            containsString(
                "strata_trace_ingest_requests_total{outcome=\"accepted\",transport=\"http_json\"}"))
        .body(containsString("strata_trace_ingest_spans_published_total"))
        .body(containsString("strata_trace_ingest_inflight_spans"));
  }

  private static String metricsText() {
    return given().when().get("/q/metrics").then().statusCode(200).extract().asString();
  }

  private Response post(String contentType, byte[] body, String contentEncoding) {
    var request = given().port(servers.httpPort()).contentType(contentType).body(body);
    if (contentEncoding != null) {
      request = request.header("Content-Encoding", contentEncoding);
    }
    return request.when().post("/v1/traces");
  }

  private String bootstrap() {
    return kafka.bootstrapServers();
  }

  private static SpanSummary exampleSummary(String traceId) {
    return new SpanSummary(
        traceId,
        "eee19b7ec3c1b174",
        "eee19b7ec3c1b173",
        "I'm a server span",
        Stage.REQUEST,
        true,
        SpanKind.SERVER,
        Instant.parse("2018-12-13T14:51:00Z"),
        1_000_000_000L,
        SpanStatus.UNSET,
        null,
        "my.service",
        Correlation.builder().workload("my.service").build(),
        null,
        null,
        null);
  }

  private static byte[] example() {
    try (InputStream in =
        OtlpReceiverTest.class.getResourceAsStream("/otlp/examples__trace.json")) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  static byte[] gzip(byte[] data) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream zip = new GZIPOutputStream(out)) {
      zip.write(data);
    }
    return out.toByteArray();
  }
}
