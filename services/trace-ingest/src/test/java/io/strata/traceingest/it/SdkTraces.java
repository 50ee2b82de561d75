package io.strata.traceingest.it;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * Builds one inference request trace with the real OpenTelemetry SDK (gateway SERVER span with the
 * five stage spans under it) and keeps the finished SpanData, so a test can export exactly those
 * spans with a real OTLP exporter and know every id and timestamp.
 */
final class SdkTraces {

  static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");

  static final Resource RESOURCE =
      Resource.create(
          Attributes.builder()
              .put("service.name", "llm-gateway")
              .put("service.version", "1.4.0")
              .put("k8s.cluster.name", "gpu-east")
              .put("k8s.node.name", "node-a7")
              .put("k8s.namespace.name", "inference")
              .put("k8s.pod.name", "llama-5d9f7-x2kqp")
              .put("k8s.container.name", "server")
              .put("k8s.deployment.name", "llama")
              .put("model_version", "llama-3-8b-v2")
              .put("accelerator_type", "H100")
              .build());

  private SdkTraces() {}

  /** The spans of one request, root first; the root is named {@code rootName}. */
  static List<SpanData> inferenceRequest(String rootName) {
    Recorder recorder = new Recorder();
    try (SdkTracerProvider provider =
        SdkTracerProvider.builder().setResource(RESOURCE).addSpanProcessor(recorder).build()) {
      Tracer tracer = provider.get("strata-test");
      Span root =
          tracer
              .spanBuilder(rootName)
              .setSpanKind(SpanKind.SERVER)
              .setStartTimestamp(T0)
              .setAttribute("http.request.method", "POST")
              .setAttribute("url.full", "https://gw.example/v1/completions?tenant=t-9381")
              .startSpan();
      Context parent = Context.root().with(root);
      stage(
          tracer,
          parent,
          "queue.wait",
          0,
          40,
          Attributes.of(AttributeKey.stringKey("queue"), "gold"));
      Span load = start(tracer, parent, "model.load", 40, Attributes.empty());
      load.setStatus(StatusCode.ERROR, "weights cache miss");
      load.end(T0.plusMillis(340));
      stage(tracer, parent, "batch.prepare", 340, 352, Attributes.empty());
      stage(
          tracer,
          parent,
          "gpu.execute",
          352,
          830,
          Attributes.builder()
              .put("gpu.uuid", "GPU-6b1f3c2a-9d1e-4c3b-8a77-0f2e4d5c6b7a")
              .put("gen_ai.usage.output_tokens", 256L)
              .put("model_version", "llama-3-8b-v3")
              .put("gen_ai.prompt", "a prompt that must never become a key")
              .build());
      stage(tracer, parent, "response.encode", 830, 841, Attributes.empty());
      root.setStatus(StatusCode.OK);
      root.end(T0.plusMillis(845));
    }
    return List.copyOf(recorder.spans);
  }

  private static void stage(
      Tracer tracer,
      Context parent,
      String name,
      long startMillis,
      long endMillis,
      Attributes attributes) {
    start(tracer, parent, name, startMillis, attributes).end(T0.plusMillis(endMillis));
  }

  private static Span start(
      Tracer tracer, Context parent, String name, long startMillis, Attributes attributes) {
    return tracer
        .spanBuilder(name)
        .setParent(parent)
        .setSpanKind(SpanKind.INTERNAL)
        .setStartTimestamp(T0.plusMillis(startMillis))
        .setAllAttributes(attributes)
        .startSpan();
  }

  /** Keeps every ended span, root last in end order, returned root first. */
  private static final class Recorder implements SpanProcessor {
    private final List<SpanData> spans = new CopyOnWriteArrayList<>();

    @Override
    public void onStart(Context parentContext, ReadWriteSpan span) {}

    @Override
    public boolean isStartRequired() {
      return false;
    }

    @Override
    public void onEnd(ReadableSpan span) {
      SpanData data = span.toSpanData();
      if (data.getParentSpanContext().isValid()) {
        spans.add(data);
      } else {
        spans.add(0, data);
      }
    }

    @Override
    public boolean isEndRequired() {
      return true;
    }

    @Override
    public CompletableResultCode shutdown() {
      return CompletableResultCode.ofSuccess();
    }
  }

  static boolean exported(CompletableResultCode result) {
    return result.join(15, TimeUnit.SECONDS).isSuccess();
  }
}
