package io.strata.traceingest.summary;

import static io.strata.traceingest.stages.VllmSpans.llmRequest;
import static io.strata.traceingest.stages.VllmSpans.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.proto.resource.v1.Resource;
import io.strata.events.Correlation;
import io.strata.events.trace.SpanKind;
import io.strata.events.trace.SpanStatus;
import io.strata.events.trace.SpanSummary;
import io.strata.events.trace.Stage;
import io.strata.traceingest.stages.DerivedSpanIds;
import io.strata.traceingest.stages.StageSources;
import io.strata.traceingest.stages.VllmSpans;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A vLLM request span becomes its REQUEST summary plus one child summary per stage. */
class DerivedStageSummariesTest {

  private static final Instant RECEIVED = Instant.parse("2026-11-30T12:00:00Z");
  private static final Instant START = Instant.parse("2025-11-30T10:00:00Z");

  private final SpanSummarizer summarizer =
      new SpanSummarizer(
          StageTable.defaults(),
          StageSources.builtIn(),
          new AttributeKeys(
              List.of("gen_ai.response.model", "gen_ai.request.model", "model_version"),
              List.of("queue"),
              List.of("gpu.uuid"),
              List.of("accelerator_type"),
              List.of("gen_ai.usage.output_tokens", "gen_ai.usage.completion_tokens")),
          256);

  @Test
  void vllmRequestYieldsRequestQueuePrefillAndDecodeSummaries() {
    Resource resource =
        Resource.newBuilder()
            .addAttributes(text("service.name", "vllm"))
            .addAttributes(text("service.version", "0.11.0"))
            .addAttributes(text("k8s.cluster.name", "gpu-east"))
            .addAttributes(text("k8s.namespace.name", "serving"))
            .addAttributes(text("k8s.deployment.name", "llama"))
            .addAttributes(text("k8s.pod.name", "llama-7c9d-abcde"))
            .build();
    var span =
        llmRequest(2.0, 0.5, 0.25, 1.0)
            .addAttributes(text("gen_ai.response.model", "meta-llama/Llama-3.1-8B-Instruct"))
            .addAttributes(text("model_version", "v7"))
            .build();

    SummaryBatch batch = summarizer.summarize(SpanSummarizerTest.request(resource, span), RECEIVED);

    Correlation correlation = VllmSpans.servingCorrelation();
    String trace = VllmSpans.TRACE;
    String request = VllmSpans.SPAN;
    assertThat(batch.acceptedSpans()).isEqualTo(1);
    assertThat(batch.derived()).isEqualTo(3);
    assertThat(batch.summaries())
        .containsExactly(
            new SpanSummary(
                trace,
                request,
                null,
                "llm_request",
                Stage.REQUEST,
                true,
                SpanKind.SERVER,
                START,
                2_000_000_000L,
                SpanStatus.UNSET,
                null,
                "vllm",
                correlation,
                null,
                128L,
                RECEIVED),
            derived("vllm.queue", Stage.QUEUE_WAIT, 250_000_000L, 500_000_000L, correlation),
            derived("vllm.prefill", Stage.GPU_EXECUTE, 750_000_000L, 250_000_000L, correlation),
            derived("vllm.decode", Stage.GPU_EXECUTE, 1_000_000_000L, 1_000_000_000L, correlation));
  }

  @Test
  void aSpanNamedLikeAStrataStageIsNotReadForAttributeStagesToo() {
    var span = llmRequest(2.0, 0.5, 0.25, 1.0).setName("gpu.execute").build();

    SummaryBatch batch =
        summarizer.summarize(
            SpanSummarizerTest.request(Resource.getDefaultInstance(), span), RECEIVED);

    assertThat(batch.summaries()).extracting(SpanSummary::stage).containsExactly(Stage.GPU_EXECUTE);
    assertThat(batch.derived()).isZero();
  }

  // vLLM's llm_request carries gen_ai.request.model once its open PR #47633 lands.
  @Test
  void theRequestModelIsTheVersionWhenTheResponseModelIsMissing() {
    var span =
        llmRequest(1.0, 0.25, 0.25, 0.25)
            .addAttributes(text("gen_ai.request.model", "llama-3-8b"))
            .addAttributes(text("model_version", "v7"))
            .build();

    SummaryBatch batch =
        summarizer.summarize(
            SpanSummarizerTest.request(Resource.getDefaultInstance(), span), RECEIVED);

    assertThat(batch.summaries())
        .extracting(s -> s.correlation().modelVersion())
        .containsOnly("llama-3-8b");
    assertThat(Set.copyOf(batch.summaries().stream().map(SpanSummary::spanId).toList())).hasSize(4);
  }

  private static SpanSummary derived(
      String name, Stage stage, long offset, long duration, Correlation correlation) {
    return new SpanSummary(
        VllmSpans.TRACE,
        DerivedSpanIds.of(VllmSpans.SPAN, name),
        VllmSpans.SPAN,
        name,
        stage,
        false,
        SpanKind.INTERNAL,
        START.plusNanos(offset),
        duration,
        SpanStatus.UNSET,
        null,
        "vllm",
        correlation,
        null,
        null,
        RECEIVED);
  }
}
