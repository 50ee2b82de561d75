package io.strata.simulator.otlp;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.strata.simulator.model.Pod;
import io.strata.simulator.model.RequestFailure;
import io.strata.simulator.model.SimulatedRequest;
import io.strata.simulator.model.StageTimes;
import io.strata.simulator.model.WorkloadKind;
import io.strata.simulator.model.Workloads;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Emits each simulated request as an OpenTelemetry trace with the real SDK: a SERVER root span and
 * the five stage spans as its children, with explicit start and end timestamps taken from the
 * latency model (nothing sleeps); a vLLM workload's request as vLLM's single {@code llm_request}
 * span ({@link VllmRequestSpan}). Each pod gets its own tracer provider, because the Kubernetes
 * identity lives in the resource; all providers share one batch processor and exporter.
 */
public final class TraceEmitter implements AutoCloseable {

  private static final AttributeKey<String> GPU_UUID = AttributeKey.stringKey(SpanNames.GPU_UUID);
  private static final AttributeKey<String> MODEL_VERSION =
      AttributeKey.stringKey(SpanNames.MODEL_VERSION);
  private static final AttributeKey<Long> OUTPUT_TOKENS =
      AttributeKey.longKey(SpanNames.OUTPUT_TOKENS);

  private final String cluster;
  private final String acceleratorType;
  private final SpanProcessor pipeline;
  private final SpanProcessor shared;
  private final Map<String, SdkTracerProvider> providers = new ConcurrentHashMap<>();

  public TraceEmitter(String cluster, String acceleratorType, SpanExporter exporter) {
    this.cluster = cluster;
    this.acceleratorType = acceleratorType;
    this.pipeline =
        BatchSpanProcessor.builder(exporter)
            .setMaxQueueSize(65_536)
            .setMaxExportBatchSize(512)
            .setScheduleDelay(Duration.ofMillis(500))
            .build();
    this.shared = new SharedSpanProcessor(pipeline);
  }

  /**
   * Emits one request. The request's instant is when it completed, so its spans end by then and the
   * trace is never in the future.
   */
  public void emit(SimulatedRequest request) {
    Tracer tracer = tracerFor(request.pod());
    StageTimes stages = request.outcome().stages();
    Instant end = request.start();
    Instant start = end.minusNanos(nanos(stages.totalMs()));
    if (Workloads.tracesLikeVllm(request.workload())) {
      VllmRequestSpan.emit(tracer, request, start, end);
      return;
    }
    Attributes common =
        Attributes.builder()
            .put(MODEL_VERSION, request.revision().modelVersion())
            .put(GPU_UUID, request.gpu().uuid())
            .build();
    boolean failed = request.outcome().failure() != RequestFailure.NONE;
    AttributesBuilder rootAttributes =
        common.toBuilder()
            .put("http.request.method", "POST")
            .put("http.route", "/v1/chat/completions")
            .put("http.response.status_code", failed ? 500L : 200L)
            .put(SpanNames.ACCELERATOR_TYPE, acceleratorType)
            .put(OUTPUT_TOKENS, (long) request.outcome().outputTokens());
    Span root =
        tracer
            .spanBuilder(SpanNames.REQUEST)
            .setSpanKind(SpanKind.SERVER)
            .setNoParent()
            .setStartTimestamp(start)
            .setAllAttributes(rootAttributes.build())
            .startSpan();
    Context parent = Context.root().with(root);
    Instant cursor = start;
    cursor =
        stage(tracer, parent, SpanNames.QUEUE_WAIT, cursor, stages.queueWaitMs(), common, null);
    cursor =
        stage(tracer, parent, SpanNames.MODEL_LOAD, cursor, stages.modelLoadMs(), common, null);
    cursor =
        stage(
            tracer, parent, SpanNames.BATCH_PREPARE, cursor, stages.batchPrepareMs(), common, null);
    cursor =
        stage(
            tracer,
            parent,
            SpanNames.GPU_EXECUTE,
            cursor,
            stages.gpuExecuteMs(),
            common.toBuilder().put(OUTPUT_TOKENS, (long) request.outcome().outputTokens()).build(),
            failed ? request.outcome().failure() : null);
    stage(
        tracer, parent, SpanNames.RESPONSE_ENCODE, cursor, stages.responseEncodeMs(), common, null);
    if (failed) {
      root.setStatus(StatusCode.ERROR, request.outcome().failure().message());
    }
    root.end(end);
  }

  private static Instant stage(
      Tracer tracer,
      Context parent,
      String name,
      Instant from,
      double millis,
      Attributes attributes,
      RequestFailure failure) {
    Instant to = from.plusNanos(nanos(millis));
    Span span =
        tracer
            .spanBuilder(name)
            .setParent(parent)
            .setSpanKind(SpanKind.INTERNAL)
            .setStartTimestamp(from)
            .setAllAttributes(attributes)
            .startSpan();
    if (failure != null) {
      span.setStatus(StatusCode.ERROR, failure.message());
    }
    span.end(to);
    return to;
  }

  private Tracer tracerFor(Pod pod) {
    return providers
        .computeIfAbsent(pod.namespace() + "/" + pod.name(), key -> provider(pod))
        .get("io.strata.simulator");
  }

  private SdkTracerProvider provider(Pod pod) {
    var resource =
        Attributes.builder()
            .put("service.name", pod.workload().name())
            .put("service.version", pod.revision().modelVersion())
            .put("k8s.cluster.name", cluster)
            .put("k8s.node.name", pod.node())
            .put("k8s.namespace.name", pod.namespace())
            .put("k8s.pod.name", pod.name())
            .put("k8s.container.name", pod.container());
    if (pod.workload().kind() == WorkloadKind.KNATIVE_SERVICE) {
      // Knative's own Deployment is per revision; the workload Strata joins on is the Service.
      resource.put("k8s.knative.service.name", pod.workload().name());
      resource.put("k8s.knative.revision.name", pod.revision().name());
    } else {
      resource.put("k8s.deployment.name", pod.workload().name());
    }
    return SdkTracerProvider.builder()
        .setResource(Resource.create(resource.build()))
        .addSpanProcessor(shared)
        .build();
  }

  /** Waits until every ended span has been handed to the exporter. */
  public boolean flush(Duration timeout) {
    return pipeline.forceFlush().join(timeout.toMillis(), TimeUnit.MILLISECONDS).isSuccess();
  }

  private static long nanos(double millis) {
    return (long) (millis * 1_000_000);
  }

  @Override
  public void close() {
    providers.values().forEach(SdkTracerProvider::close);
    pipeline.shutdown().join(10, TimeUnit.SECONDS);
  }
}
