package io.strata.traceingest.bench;

import com.google.protobuf.ByteString;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.InstrumentationScope;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.resource.v1.Resource;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import io.opentelemetry.proto.trace.v1.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Pre-encoded OTLP/HTTP protobuf bodies shaped like inference traffic: a pod resource with the
 * Kubernetes and service attributes, and traces of six spans (request + five stages) carrying the
 * attributes an inference server sets, plus high-cardinality ones trace-ingest must skip.
 */
final class LoadBodies {

  private static final String[] STAGES = {
    "queue.wait", "model.load", "batch.prepare", "gpu.execute", "response.encode"
  };

  private LoadBodies() {}

  /** {@code count} distinct bodies of {@code spansPerBody} spans each (a multiple of six). */
  static List<byte[]> create(int count, int spansPerBody, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    List<byte[]> bodies = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      ScopeSpans.Builder scope =
          ScopeSpans.newBuilder()
              .setScope(InstrumentationScope.newBuilder().setName("vllm").setVersion("0.9.1"));
      for (int trace = 0; trace < spansPerBody / 6; trace++) {
        addTrace(scope, random);
      }
      bodies.add(
          ExportTraceServiceRequest.newBuilder()
              .addResourceSpans(
                  ResourceSpans.newBuilder().setResource(resource(i)).addScopeSpans(scope))
              .build()
              .toByteArray());
    }
    return bodies;
  }

  private static void addTrace(ScopeSpans.Builder scope, SplittableRandom random) {
    ByteString traceId = randomId(random, 16);
    ByteString rootId = randomId(random, 8);
    long start = 1_764_496_800_000_000_000L + random.nextLong(1_000_000_000_000L);
    scope.addSpans(
        Span.newBuilder()
            .setTraceId(traceId)
            .setSpanId(rootId)
            .setName("POST /v1/completions")
            .setKind(Span.SpanKind.SPAN_KIND_SERVER)
            .setStartTimeUnixNano(start)
            .setEndTimeUnixNano(start + 850_000_000L)
            .setStatus(Status.newBuilder().setCode(Status.StatusCode.STATUS_CODE_OK))
            .addAttributes(text("http.request.method", "POST"))
            .addAttributes(
                text(
                    "url.full",
                    "https://gw.example/v1/completions?tenant=t-" + random.nextInt(100000)))
            .addAttributes(text("model_version", "llama-3-8b-v2"))
            .addAttributes(number("http.response.status_code", 200)));
    long offset = 0;
    for (String stage : STAGES) {
      long duration = 1_000_000L + random.nextLong(200_000_000L);
      Span.Builder span =
          Span.newBuilder()
              .setTraceId(traceId)
              .setSpanId(randomId(random, 8))
              .setParentSpanId(rootId)
              .setName(stage)
              .setKind(Span.SpanKind.SPAN_KIND_INTERNAL)
              .setStartTimeUnixNano(start + offset)
              .setEndTimeUnixNano(start + offset + duration)
              .addAttributes(text("queue", "gold"))
              .addAttributes(number("batch.size", 8));
      if (stage.equals("gpu.execute")) {
        span.addAttributes(
                text("gpu.uuid", "GPU-6b1f3c2a-9d1e-4c3b-8a77-0f2e4d5c6b7" + random.nextInt(8)))
            .addAttributes(number("gen_ai.usage.output_tokens", 64 + random.nextInt(512)))
            .addAttributes(text("gen_ai.prompt", "a prompt of some length " + random.nextLong()));
      }
      scope.addSpans(span);
      offset += duration;
    }
  }

  private static Resource resource(int index) {
    return Resource.newBuilder()
        .addAttributes(text("service.name", "llama-server"))
        .addAttributes(text("service.version", "2.3.1"))
        .addAttributes(text("k8s.cluster.name", "gpu-east"))
        .addAttributes(text("k8s.node.name", "node-a" + (index % 16)))
        .addAttributes(text("k8s.namespace.name", "inference"))
        .addAttributes(text("k8s.pod.name", "llama-5d9f7-" + index))
        .addAttributes(text("k8s.container.name", "server"))
        .addAttributes(text("k8s.deployment.name", "llama"))
        .addAttributes(text("accelerator_type", "H100"))
        .addAttributes(text("telemetry.sdk.language", "python"))
        .build();
  }

  private static ByteString randomId(SplittableRandom random, int bytes) {
    byte[] id = new byte[bytes];
    for (int i = 0; i < bytes; i++) {
      id[i] = (byte) random.nextInt(256);
    }
    id[0] |= 1;
    return ByteString.copyFrom(id);
  }

  private static KeyValue text(String key, String value) {
    return KeyValue.newBuilder()
        .setKey(key)
        .setValue(AnyValue.newBuilder().setStringValue(value))
        .build();
  }

  private static KeyValue number(String key, long value) {
    return KeyValue.newBuilder()
        .setKey(key)
        .setValue(AnyValue.newBuilder().setIntValue(value))
        .build();
  }
}
