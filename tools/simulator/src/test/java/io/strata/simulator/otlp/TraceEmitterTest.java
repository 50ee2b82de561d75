package io.strata.simulator.otlp;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.strata.simulator.model.ClusterModel;
import io.strata.simulator.model.ClusterShape;
import io.strata.simulator.model.Scenario;
import io.strata.simulator.model.SimulatedRequest;
import io.strata.simulator.model.WorkloadKind;
import io.strata.simulator.model.Workloads;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class TraceEmitterTest {

  private static final Instant T0 = Instant.parse("2026-11-30T12:00:00Z");

  /** Keeps what the SDK exports, as the OTLP exporter would receive it. */
  public static final class CollectingExporter implements SpanExporter {
    final List<SpanData> spans = new CopyOnWriteArrayList<>();

    @Override
    public CompletableResultCode export(Collection<SpanData> batch) {
      spans.addAll(batch);
      return CompletableResultCode.ofSuccess();
    }

    @Override
    public CompletableResultCode flush() {
      return CompletableResultCode.ofSuccess();
    }

    @Override
    public CompletableResultCode shutdown() {
      return CompletableResultCode.ofSuccess();
    }
  }

  private final ClusterModel model = new ClusterModel(ClusterShape.defaults(), T0);
  private final CollectingExporter exporter = new CollectingExporter();

  @Test
  void eachRequestIsAServerRootWithFiveSequentialStageChildren() {
    // The Strata-stage workloads; the vLLM one is VllmTraceTest's.
    List<SimulatedRequest> requests =
        model.requests(T0, T0.plusSeconds(2)).stream()
            .filter(r -> !Workloads.tracesLikeVllm(r.workload()))
            .toList();
    assertThat(requests).isNotEmpty();
    emit(requests);
    Map<String, List<SpanData>> traces =
        exporter.spans.stream().collect(Collectors.groupingBy(SpanData::getTraceId));
    assertThat(traces).hasSize(requests.size());
    for (List<SpanData> trace : traces.values()) {
      SpanData root =
          trace.stream().filter(s -> s.getKind() == SpanKind.SERVER).findFirst().orElseThrow();
      assertThat(root.getParentSpanContext().isValid()).isFalse();
      List<SpanData> children =
          trace.stream()
              .filter(s -> s != root)
              .sorted((a, b) -> Long.compare(a.getStartEpochNanos(), b.getStartEpochNanos()))
              .toList();
      assertThat(children)
          .extracting(SpanData::getName)
          .containsExactly(
              "queue.wait", "model.load", "batch.prepare", "gpu.execute", "response.encode");
      assertThat(children).allMatch(c -> c.getParentSpanId().equals(root.getSpanId()));
      assertThat(children.get(0).getStartEpochNanos()).isEqualTo(root.getStartEpochNanos());
      for (int i = 1; i < children.size(); i++) {
        assertThat(children.get(i).getStartEpochNanos())
            .isEqualTo(children.get(i - 1).getEndEpochNanos());
      }
      assertThat(children.get(4).getEndEpochNanos()).isLessThanOrEqualTo(root.getEndEpochNanos());
      assertThat(root.getAttributes().get(AttributeKey.stringKey("gpu.uuid"))).startsWith("GPU-");
      assertThat(root.getAttributes().get(AttributeKey.stringKey("model_version"))).isNotBlank();
      assertThat(root.getAttributes().get(AttributeKey.longKey("gen_ai.usage.output_tokens")))
          .isPositive();
    }
  }

  @Test
  void resourceCarriesTheKubernetesIdentityOfThePod() {
    List<SimulatedRequest> requests = model.requests(T0, T0.plusSeconds(5));
    emit(requests);
    SimulatedRequest knative =
        requests.stream()
            .filter(r -> r.workload().kind() == WorkloadKind.KNATIVE_SERVICE)
            .findFirst()
            .orElseThrow();
    SpanData span =
        exporter.spans.stream()
            .filter(
                s ->
                    knative
                        .pod()
                        .name()
                        .equals(
                            s.getResource().getAttribute(AttributeKey.stringKey("k8s.pod.name"))))
            .findFirst()
            .orElseThrow();
    var resource = span.getResource();
    assertThat(resource.getAttribute(AttributeKey.stringKey("k8s.cluster.name")))
        .isEqualTo("sim-cluster");
    assertThat(resource.getAttribute(AttributeKey.stringKey("k8s.node.name")))
        .isEqualTo(knative.pod().node());
    assertThat(resource.getAttribute(AttributeKey.stringKey("k8s.namespace.name")))
        .isEqualTo("inference");
    assertThat(resource.getAttribute(AttributeKey.stringKey("service.name")))
        .isEqualTo("llm-serve");
    assertThat(resource.getAttribute(AttributeKey.stringKey("service.version")))
        .isEqualTo(knative.revision().modelVersion());
    assertThat(resource.getAttribute(AttributeKey.stringKey("k8s.deployment.name"))).isNull();
    SpanData embedder =
        exporter.spans.stream()
            .filter(
                s ->
                    "embedder"
                        .equals(
                            s.getResource().getAttribute(AttributeKey.stringKey("service.name"))))
            .findFirst()
            .orElseThrow();
    assertThat(embedder.getResource().getAttribute(AttributeKey.stringKey("k8s.deployment.name")))
        .isEqualTo("embedder");
  }

  @Test
  void timestampsAreTheModelledOnesAndEndAtTheRequestInstant() {
    model.activate(Scenario.SLOW_MODEL_LOAD, T0);
    List<SimulatedRequest> requests = model.requests(T0, T0.plusSeconds(2));
    emit(requests);
    SimulatedRequest first = requests.get(0);
    SpanData load =
        exporter.spans.stream()
            .filter(s -> s.getName().equals("model.load"))
            .filter(
                s ->
                    s.getResource()
                        .getAttribute(AttributeKey.stringKey("k8s.pod.name"))
                        .equals(first.pod().name()))
            .findFirst()
            .orElseThrow();
    long loadNanos = load.getEndEpochNanos() - load.getStartEpochNanos();
    assertThat(loadNanos / 1_000_000.0).isGreaterThanOrEqualTo(2500);
    assertThat(
            exporter.spans.stream()
                .filter(s -> s.getKind() == SpanKind.SERVER)
                .mapToLong(SpanData::getEndEpochNanos)
                .max()
                .orElseThrow())
        .isLessThanOrEqualTo(TimeUnit.SECONDS.toNanos(T0.plusSeconds(2).getEpochSecond()));
  }

  @Test
  void aLostGpuMarksGpuExecuteAndTheRequestAsErrors() {
    model.activate(Scenario.XID_79, T0);
    List<SimulatedRequest> requests =
        model.requests(T0, T0.plusSeconds(30)).stream()
            .filter(r -> r.gpu() == model.targets().xid79Gpu())
            .toList();
    assertThat(requests).isNotEmpty();
    emit(requests);
    assertThat(exporter.spans)
        .filteredOn(s -> s.getName().equals("gpu.execute") || s.getKind() == SpanKind.SERVER)
        .allMatch(s -> s.getStatus().getStatusCode() == StatusCode.ERROR);
  }

  private void emit(List<SimulatedRequest> requests) {
    try (TraceEmitter emitter =
        new TraceEmitter("sim-cluster", "NVIDIA-H100-80GB-HBM3", exporter)) {
      requests.forEach(emitter::emit);
      assertThat(emitter.flush(Duration.ofSeconds(10))).isTrue();
    }
  }
}
