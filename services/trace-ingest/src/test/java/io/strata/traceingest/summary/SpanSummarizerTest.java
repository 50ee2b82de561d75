package io.strata.traceingest.summary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import com.google.protobuf.ByteString;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.resource.v1.Resource;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import io.opentelemetry.proto.trace.v1.Status;
import io.strata.events.Correlation;
import io.strata.events.trace.SpanKind;
import io.strata.events.trace.SpanStatus;
import io.strata.events.trace.SpanSummary;
import io.strata.events.trace.Stage;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SpanSummarizerTest {

  private static final Instant RECEIVED = Instant.parse("2026-11-30T12:00:00Z");
  private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
  private static final long START = 1_764_496_800_000_000_000L;

  private final SpanSummarizer summarizer =
      new SpanSummarizer(StageTable.defaults(), defaultKeys(), 12);

  static AttributeKeys defaultKeys() {
    return new AttributeKeys(
        List.of("model_version"),
        List.of("queue", "kueue.queue.name"),
        List.of("gpu.uuid", "gpu_uuid"),
        List.of("accelerator_type", "gpu.type"),
        List.of("gen_ai.usage.output_tokens"));
  }

  @Test
  void summarisesAStageSpanWithCorrelationFromSpanAndResource() {
    Span span =
        span("00f067aa0ba902b7", "b7ad6b7169203331", "gpu.execute")
            .setKind(Span.SpanKind.SPAN_KIND_INTERNAL)
            .setEndTimeUnixNano(START + 478_000_000L)
            .setStatus(
                Status.newBuilder()
                    .setCode(Status.StatusCode.STATUS_CODE_ERROR)
                    .setMessage("CUDA error: an illegal memory access"))
            .addAttributes(attr("gpu_uuid", "GPU-aaaa"))
            .addAttributes(attr("gpu.uuid", "GPU-bbbb"))
            .addAttributes(attr("model_version", "v3"))
            .addAttributes(attr("k8s.pod.name", "llama-pod-from-span"))
            .addAttributes(intAttr("gen_ai.usage.output_tokens", 256))
            .addAttributes(attr("gen_ai.prompt", "secret prompt"))
            .addAttributes(attr("enduser.id", "tenant-8812"))
            .build();
    SpanSummary summary = single(request(resource(), span));

    assertThat(summary)
        .isEqualTo(
            new SpanSummary(
                TRACE,
                "00f067aa0ba902b7",
                "b7ad6b7169203331",
                "gpu.execute",
                Stage.GPU_EXECUTE,
                false,
                SpanKind.INTERNAL,
                Instant.parse("2025-11-30T10:00:00Z"),
                478_000_000L,
                SpanStatus.ERROR,
                "CUDA error: ",
                "llm-gateway",
                new Correlation(
                    "gpu-east",
                    "node-a7",
                    "inference",
                    "llama",
                    null,
                    "llama-pod-from-span",
                    "server",
                    "v3",
                    "gold",
                    "H100"),
                "GPU-bbbb",
                256L,
                RECEIVED));
  }

  @Test
  void rootAndServerSpansMarkTheRequest() {
    Span root = span("00f067aa0ba902b7", "", "POST /v1/completions").build();
    Span server =
        span("00f067aa0ba902b8", "00f067aa0ba902b7", "Generate")
            .setKind(Span.SpanKind.SPAN_KIND_SERVER)
            .build();
    Span internal = span("00f067aa0ba902b9", "00f067aa0ba902b8", "tokenize").build();
    Span rootStage = span("00f067aa0ba902ba", "", "queue.wait").build();

    List<SpanSummary> summaries =
        summarizer
            .summarize(request(resource(), root, server, internal, rootStage), RECEIVED)
            .summaries();

    assertThat(summaries)
        .extracting(
            SpanSummary::name, SpanSummary::stage, SpanSummary::root, SpanSummary::parentSpanId)
        .containsExactly(
            tuple("POST /v1/completions", Stage.REQUEST, true, null),
            tuple("Generate", Stage.REQUEST, true, "00f067aa0ba902b7"),
            tuple("tokenize", Stage.OTHER, false, "00f067aa0ba902b8"),
            tuple("queue.wait", Stage.QUEUE_WAIT, true, null));
  }

  @Test
  void configuredTableAndRequestNamesApply() {
    StageTable table =
        new StageTable(
            Map.of(Stage.GPU_EXECUTE, List.of("triton.compute", "gpu.execute")),
            Set.of("gateway.entry"));
    SpanSummarizer custom = new SpanSummarizer(table, defaultKeys(), 100);
    Span entry = span("00f067aa0ba902b7", "b7ad6b7169203331", "gateway.entry").build();
    Span compute = span("00f067aa0ba902b8", "00f067aa0ba902b7", "triton.compute").build();
    Span unmapped = span("00f067aa0ba902b9", "00f067aa0ba902b7", "queue.wait").build();

    assertThat(
            custom.summarize(request(resource(), entry, compute, unmapped), RECEIVED).summaries())
        .extracting(SpanSummary::stage, SpanSummary::root)
        .containsExactly(
            tuple(Stage.REQUEST, true), tuple(Stage.GPU_EXECUTE, false), tuple(Stage.OTHER, false));
  }

  @Test
  void aSpanNameMappedToTwoStagesIsAConfigurationError() {
    assertThatThrownBy(
            () ->
                new StageTable(
                    Map.of(Stage.GPU_EXECUTE, List.of("x"), Stage.MODEL_LOAD, List.of("x")),
                    Set.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'x'");
  }

  @Test
  void workloadPrefersDeploymentThenJobThenStatefulSetThenServiceName() {
    Resource.Builder resource =
        Resource.newBuilder()
            .addAttributes(attr("service.name", "svc"))
            .addAttributes(attr("service.version", "1.2.3"))
            .addAttributes(attr("k8s.statefulset.name", "sts"))
            .addAttributes(attr("k8s.job.name", "job-1"));
    SpanSummary withJob =
        single(request(resource.build(), span("00f067aa0ba902b7", "", "a").build()));
    assertThat(withJob.correlation().workload()).isEqualTo("job-1");
    assertThat(withJob.correlation().job()).isEqualTo("job-1");
    assertThat(withJob.correlation().modelVersion()).isEqualTo("1.2.3");

    resource.addAttributes(attr("k8s.deployment.name", "deploy"));
    assertThat(
            single(request(resource.build(), span("00f067aa0ba902b7", "", "a").build()))
                .correlation()
                .workload())
        .isEqualTo("deploy");

    Resource onlyService = Resource.newBuilder().addAttributes(attr("service.name", "svc")).build();
    SpanSummary fallback = single(request(onlyService, span("00f067aa0ba902b7", "", "a").build()));
    assertThat(fallback.correlation()).isEqualTo(Correlation.builder().workload("svc").build());
    assertThat(fallback.serviceName()).isEqualTo("svc");
  }

  @Test
  void invalidSpansAreCountedByReasonAndValidOnesKept() {
    Span valid = span("00f067aa0ba902b7", "", "ok").build();
    Span zeroTrace =
        span("00f067aa0ba902b8", "", "z").setTraceId(ByteString.copyFrom(new byte[16])).build();
    Span shortTrace =
        span("00f067aa0ba902b8", "", "s").setTraceId(ByteString.fromHex("4bf92f35")).build();
    Span zeroSpan = span("0000000000000000", "", "zs").build();
    Span badParent = span("00f067aa0ba902b9", "abcd", "bp").build();
    Span noStart = span("00f067aa0ba902ba", "", "ns").setStartTimeUnixNano(0).build();
    Span backwards = span("00f067aa0ba902bb", "", "bw").setEndTimeUnixNano(START - 1).build();

    SummaryBatch batch =
        summarizer.summarize(
            request(
                resource(), valid, zeroTrace, shortTrace, zeroSpan, badParent, noStart, backwards),
            RECEIVED);

    assertThat(batch.summaries()).extracting(SpanSummary::name).containsExactly("ok");
    assertThat(batch.rejections())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                SpanRejection.INVALID_TRACE_ID, 2,
                SpanRejection.INVALID_SPAN_ID, 1,
                SpanRejection.INVALID_PARENT_SPAN_ID, 1,
                SpanRejection.INVALID_START_TIME, 1,
                SpanRejection.END_BEFORE_START, 1));
    assertThat(batch.rejectedCount()).isEqualTo(6);
    assertThat(batch.rejectionMessage())
        .isEqualTo(
            "6 of 7 spans rejected: 2 INVALID_TRACE_ID (trace_id must be 16 bytes, not all zero);"
                + " 1 INVALID_SPAN_ID (span_id must be 8 bytes, not all zero);"
                + " 1 INVALID_PARENT_SPAN_ID (parent_span_id must be empty or 8 bytes, not all zero);"
                + " 1 INVALID_START_TIME (start_time_unix_nano is missing or out of range);"
                + " 1 END_BEFORE_START (end_time_unix_nano is before start_time_unix_nano)");
  }

  @Test
  void aSpanNamingItselfAsItsParentIsRejectedWithItsOwnReason() {
    Span selfParent = span("00f067aa0ba902b7", "00f067aa0ba902b7", "loop").build();
    Span child = span("00f067aa0ba902b8", "00f067aa0ba902b7", "child").build();

    SummaryBatch batch = summarizer.summarize(request(resource(), selfParent, child), RECEIVED);

    assertThat(batch.summaries()).extracting(SpanSummary::name).containsExactly("child");
    assertThat(batch.rejections()).containsExactlyEntriesOf(Map.of(SpanRejection.SELF_PARENT, 1));
    assertThat(batch.rejectionMessage())
        .isEqualTo(
            "1 of 2 spans rejected: 1 SELF_PARENT (parent_span_id must differ from span_id)");
  }

  @Test
  void kindsStatusesAndTokenCountsMap() {
    assertThat(SpanSummarizer.kind(Span.SpanKind.SPAN_KIND_CONSUMER)).isEqualTo(SpanKind.CONSUMER);
    assertThat(SpanSummarizer.kind(Span.SpanKind.SPAN_KIND_PRODUCER)).isEqualTo(SpanKind.PRODUCER);
    assertThat(SpanSummarizer.kind(Span.SpanKind.SPAN_KIND_CLIENT)).isEqualTo(SpanKind.CLIENT);
    assertThat(SpanSummarizer.kind(Span.SpanKind.UNRECOGNIZED)).isEqualTo(SpanKind.UNSPECIFIED);
    assertThat(SpanSummarizer.status(Status.getDefaultInstance())).isEqualTo(SpanStatus.UNSET);
    assertThat(SpanSummarizer.status(Status.newBuilder().setCodeValue(7).build()))
        .isEqualTo(SpanStatus.UNSPECIFIED);
    assertThat(SpanSummarizer.tokens("42")).isEqualTo(42L);
    assertThat(SpanSummarizer.tokens("-1")).isNull();
    assertThat(SpanSummarizer.tokens("12.5")).isNull();

    Span doubleTokens =
        span("00f067aa0ba902b7", "", "a")
            .addAttributes(
                KeyValue.newBuilder()
                    .setKey("gen_ai.usage.output_tokens")
                    .setValue(AnyValue.newBuilder().setDoubleValue(64.0)))
            .build();
    assertThat(single(request(resource(), doubleTokens)).outputTokens()).isEqualTo(64L);
  }

  private SpanSummary single(ExportTraceServiceRequest request) {
    SummaryBatch batch = summarizer.summarize(request, RECEIVED);
    assertThat(batch.rejections()).isEmpty();
    assertThat(batch.summaries()).hasSize(1);
    return batch.summaries().get(0);
  }

  static Span.Builder span(String spanId, String parentId, String name) {
    return Span.newBuilder()
        .setTraceId(ByteString.fromHex(TRACE))
        .setSpanId(ByteString.fromHex(spanId))
        .setParentSpanId(ByteString.fromHex(parentId))
        .setName(name)
        .setStartTimeUnixNano(START)
        .setEndTimeUnixNano(START + 1_000_000L);
  }

  static Resource resource() {
    return Resource.newBuilder()
        .addAttributes(attr("service.name", "llm-gateway"))
        .addAttributes(attr("service.version", "1.4.0"))
        .addAttributes(attr("k8s.cluster.name", "gpu-east"))
        .addAttributes(attr("k8s.node.name", "node-a7"))
        .addAttributes(attr("k8s.namespace.name", "inference"))
        .addAttributes(attr("k8s.pod.name", "llama-5d9f7-x2kqp"))
        .addAttributes(attr("k8s.container.name", "server"))
        .addAttributes(attr("k8s.deployment.name", "llama"))
        .addAttributes(attr("model_version", "v2"))
        .addAttributes(attr("kueue.queue.name", "gold"))
        .addAttributes(attr("gpu.type", "H100"))
        .build();
  }

  static ExportTraceServiceRequest request(Resource resource, Span... spans) {
    return ExportTraceServiceRequest.newBuilder()
        .addResourceSpans(
            ResourceSpans.newBuilder()
                .setResource(resource)
                .addScopeSpans(ScopeSpans.newBuilder().addAllSpans(List.of(spans))))
        .build();
  }

  static KeyValue attr(String key, String value) {
    return KeyValue.newBuilder()
        .setKey(key)
        .setValue(AnyValue.newBuilder().setStringValue(value))
        .build();
  }

  static KeyValue intAttr(String key, long value) {
    return KeyValue.newBuilder()
        .setKey(key)
        .setValue(AnyValue.newBuilder().setIntValue(value))
        .build();
  }
}
