package io.strata.traceingest.it;

import io.opentelemetry.sdk.trace.data.SpanData;
import io.strata.events.Correlation;
import io.strata.events.trace.SpanKind;
import io.strata.events.trace.SpanStatus;
import io.strata.events.trace.SpanSummary;
import io.strata.events.trace.Stage;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The summaries trace-ingest must publish for {@link SdkTraces#inferenceRequest}, written out. */
final class ExpectedSummaries {

  private static final String V2 = "llama-3-8b-v2";

  private ExpectedSummaries() {}

  /** Expected summaries (receivedAt left null) for the spans, in the same order. */
  static List<SpanSummary> of(List<SpanData> spans) {
    Map<String, SpanData> byName =
        spans.stream().collect(Collectors.toMap(SpanData::getName, Function.identity()));
    SpanData root = spans.get(0);
    String rootId = root.getSpanId();
    return List.of(
        summary(
            root,
            null,
            Stage.REQUEST,
            true,
            SpanKind.SERVER,
            0,
            845,
            SpanStatus.OK,
            null,
            correlation(V2, null),
            null,
            null),
        summary(
            byName.get("queue.wait"),
            rootId,
            Stage.QUEUE_WAIT,
            false,
            SpanKind.INTERNAL,
            0,
            40,
            SpanStatus.UNSET,
            null,
            correlation(V2, "gold"),
            null,
            null),
        summary(
            byName.get("model.load"),
            rootId,
            Stage.MODEL_LOAD,
            false,
            SpanKind.INTERNAL,
            40,
            300,
            SpanStatus.ERROR,
            "weights cache miss",
            correlation(V2, null),
            null,
            null),
        summary(
            byName.get("batch.prepare"),
            rootId,
            Stage.BATCH_PREPARE,
            false,
            SpanKind.INTERNAL,
            340,
            12,
            SpanStatus.UNSET,
            null,
            correlation(V2, null),
            null,
            null),
        summary(
            byName.get("gpu.execute"),
            rootId,
            Stage.GPU_EXECUTE,
            false,
            SpanKind.INTERNAL,
            352,
            478,
            SpanStatus.UNSET,
            null,
            correlation("llama-3-8b-v3", null),
            "GPU-6b1f3c2a-9d1e-4c3b-8a77-0f2e4d5c6b7a",
            256L),
        summary(
            byName.get("response.encode"),
            rootId,
            Stage.RESPONSE_ENCODE,
            false,
            SpanKind.INTERNAL,
            830,
            11,
            SpanStatus.UNSET,
            null,
            correlation(V2, null),
            null,
            null));
  }

  private static Correlation correlation(String modelVersion, String queue) {
    return new Correlation(
        "gpu-east",
        "node-a7",
        "inference",
        "llama",
        null,
        "llama-5d9f7-x2kqp",
        "server",
        modelVersion,
        queue,
        "H100");
  }

  private static SpanSummary summary(
      SpanData span,
      String parent,
      Stage stage,
      boolean root,
      SpanKind kind,
      long startMillis,
      long durationMillis,
      SpanStatus status,
      String statusMessage,
      Correlation correlation,
      String gpuUuid,
      Long outputTokens) {
    return new SpanSummary(
        span.getTraceId(),
        span.getSpanId(),
        parent,
        span.getName(),
        stage,
        root,
        kind,
        SdkTraces.T0.plusMillis(startMillis),
        Duration.ofMillis(durationMillis).toNanos(),
        status,
        statusMessage,
        "llm-gateway",
        correlation,
        gpuUuid,
        outputTokens,
        null);
  }
}
