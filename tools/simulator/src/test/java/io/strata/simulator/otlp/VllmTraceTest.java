package io.strata.simulator.otlp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.strata.simulator.model.ClusterModel;
import io.strata.simulator.model.ClusterShape;
import io.strata.simulator.model.Scenario;
import io.strata.simulator.model.SimulatedRequest;
import io.strata.simulator.model.StageTimes;
import io.strata.simulator.model.Workloads;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The DRA workload runs "vLLM": one llm_request span per request with vLLM's attributes. */
class VllmTraceTest {

  private static final Instant T0 = Instant.parse("2026-11-30T12:00:00Z");

  private final ClusterModel model = new ClusterModel(ClusterShape.defaults(), T0);
  private final TraceEmitterTest.CollectingExporter exporter =
      new TraceEmitterTest.CollectingExporter();

  @Test
  void aVllmRequestIsOneServerSpanWithItsTimingsInSeconds() {
    SimulatedRequest request = vllmRequests(T0, 10).get(0);
    emit(List.of(request));

    assertThat(exporter.spans).hasSize(1);
    SpanData span = exporter.spans.get(0);
    StageTimes stages = request.outcome().stages();
    double decodeMs = stages.gpuExecuteMs() - 40;
    assertThat(span.getName()).isEqualTo("llm_request");
    assertThat(span.getKind()).isEqualTo(SpanKind.SERVER);
    assertThat(span.getParentSpanContext().isValid()).isFalse();
    assertThat(span.getEndEpochNanos() - span.getStartEpochNanos())
        .isEqualTo((long) (stages.totalMs() * 1_000_000));
    assertThat(seconds(span, "gen_ai.latency.e2e")).isEqualTo(stages.totalMs() / 1000);
    assertThat(seconds(span, "gen_ai.latency.time_in_queue"))
        .isEqualTo(stages.queueWaitMs() / 1000);
    assertThat(seconds(span, "gen_ai.latency.time_in_model_prefill")).isEqualTo(0.04);
    assertThat(seconds(span, "gen_ai.latency.time_in_model_decode"))
        .isCloseTo(decodeMs / 1000, within(1e-12));
    assertThat(seconds(span, "gen_ai.latency.time_in_model_inference"))
        .isEqualTo(stages.gpuExecuteMs() / 1000);
    assertThat(seconds(span, "gen_ai.latency.time_to_first_token"))
        .isCloseTo((stages.totalMs() - decodeMs) / 1000, within(1e-12));
    assertThat(span.getAttributes().get(AttributeKey.longKey("gen_ai.usage.completion_tokens")))
        .isEqualTo((long) request.outcome().outputTokens());
    assertThat(span.getAttributes().get(AttributeKey.longKey("gen_ai.usage.prompt_tokens")))
        .isEqualTo(512L);
    assertThat(span.getAttributes().get(AttributeKey.stringKey("gen_ai.response.model")))
        .isEqualTo("v1");
    // vLLM knows nothing of Strata's keys or the GPU it ran on.
    assertThat(span.getAttributes().get(AttributeKey.stringKey("model_version"))).isNull();
    assertThat(span.getAttributes().get(AttributeKey.stringKey("gpu.uuid"))).isNull();
    assertThat(span.getResource().getAttribute(AttributeKey.stringKey("k8s.deployment.name")))
        .isEqualTo(Workloads.DRA);
  }

  @Test
  void theVllmQueueBacklogLengthensOnlyTheVllmWorkloadsQueue() {
    model.activate(Scenario.VLLM_QUEUE_BACKLOG, T0);
    List<SimulatedRequest> requests = model.requests(T0, T0.plusSeconds(10));

    assertThat(requests)
        .filteredOn(r -> Workloads.tracesLikeVllm(r.workload()))
        .isNotEmpty()
        .allSatisfy(r -> assertThat(r.outcome().stages().queueWaitMs()).isBetween(604.0, 1012.0));
    assertThat(requests)
        .filteredOn(r -> !Workloads.tracesLikeVllm(r.workload()))
        .isNotEmpty()
        .allSatisfy(r -> assertThat(r.outcome().stages().queueWaitMs()).isBetween(4.0, 12.0));
  }

  @Test
  void theVllmSlowDecodeTakesThreeMillisecondsPerToken() {
    model.activate(Scenario.VLLM_SLOW_DECODE, T0);
    List<SimulatedRequest> requests = model.requests(T0, T0.plusSeconds(10));

    assertThat(requests)
        .filteredOn(r -> Workloads.tracesLikeVllm(r.workload()))
        .isNotEmpty()
        .allSatisfy(
            r ->
                assertThat(r.outcome().stages().gpuExecuteMs() - 40)
                    .isBetween(
                        r.outcome().outputTokens() * 3.0, r.outcome().outputTokens() * 3.0 + 10));
    assertThat(requests)
        .filteredOn(r -> !Workloads.tracesLikeVllm(r.workload()))
        .allSatisfy(
            r ->
                assertThat(r.outcome().stages().gpuExecuteMs() - 40)
                    .isBetween(
                        r.outcome().outputTokens() * 0.5, r.outcome().outputTokens() * 0.5 + 10));
  }

  private List<SimulatedRequest> vllmRequests(Instant from, int seconds) {
    return model.requests(from, from.plusSeconds(seconds)).stream()
        .filter(r -> Workloads.tracesLikeVllm(r.workload()))
        .toList();
  }

  private static double seconds(SpanData span, String key) {
    return span.getAttributes().get(AttributeKey.doubleKey(key));
  }

  private void emit(List<SimulatedRequest> requests) {
    try (TraceEmitter emitter =
        new TraceEmitter("sim-cluster", "NVIDIA-H100-80GB-HBM3", exporter)) {
      requests.forEach(emitter::emit);
      assertThat(emitter.flush(Duration.ofSeconds(10))).isTrue();
    }
  }
}
