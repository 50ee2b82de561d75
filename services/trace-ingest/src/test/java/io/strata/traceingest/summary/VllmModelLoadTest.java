package io.strata.traceingest.summary;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.strata.events.Correlation;
import io.strata.events.trace.SpanKind;
import io.strata.events.trace.SpanStatus;
import io.strata.events.trace.SpanSummary;
import io.strata.events.trace.Stage;
import io.strata.traceingest.stages.ConfiguredSources;
import io.strata.traceingest.stages.StageSources;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** vLLM's {@code Load model} span is the MODEL_LOAD stage, timed by the span itself. */
class VllmModelLoadTest {

  private static final Instant RECEIVED = Instant.parse("2026-12-07T09:00:00Z");
  private static final String PREFIX = "strata.trace-ingest.stage-sources.custom";

  @Test
  void theLoadModelSpanIsAModelLoadStageOfItsExactDuration() throws Exception {
    SummaryBatch batch =
        summarizer(StageTable.defaults(), StageSources.builtIn()).summarize(load(), RECEIVED);

    assertThat(batch.derived()).isZero();
    assertThat(batch.summaries())
        .containsExactly(
            new SpanSummary(
                "4bf92f3577b34da6a3ce929d0e0e4736",
                "53995c3f42cd8ad8",
                "00f067aa0ba902b7",
                "Load model",
                Stage.MODEL_LOAD,
                false,
                SpanKind.INTERNAL,
                Instant.parse("2025-11-30T10:00:00Z"),
                41_273_456_789L,
                SpanStatus.UNSET,
                null,
                "llama-vllm",
                Correlation.builder()
                    .node("gpu-node-17")
                    .namespace("serving")
                    .workload("llama")
                    .pod("llama-7c9d-abcde")
                    .acceleratorType("NVIDIA-H100-80GB-HBM3")
                    .build(),
                null,
                null,
                RECEIVED));
  }

  @Test
  void theSpanIsOnlyAStageWhileVllmIsABuiltInSource() throws Exception {
    StageSources withoutVllm = ConfiguredSources.build(List.of("tgi"), Map.of(), PREFIX);
    StageSources withVllm = ConfiguredSources.build(List.of("vllm"), Map.of(), PREFIX);

    assertThat(stageOf(StageTable.defaults(), withoutVllm)).isEqualTo(Stage.OTHER);
    assertThat(stageOf(StageTable.defaults(), withVllm)).isEqualTo(Stage.MODEL_LOAD);
  }

  @Test
  void aConfiguredStageOrRequestNameWinsOverVllmsSpanName() throws Exception {
    StageTable loadIsBatchPrepare =
        new StageTable(Map.of(Stage.BATCH_PREPARE, Set.of("Load model")), Set.of());
    StageTable loadIsTheRequest = new StageTable(Map.of(), Set.of("Load model"));

    assertThat(stageOf(loadIsBatchPrepare, StageSources.builtIn())).isEqualTo(Stage.BATCH_PREPARE);
    assertThat(stageOf(loadIsTheRequest, StageSources.builtIn())).isEqualTo(Stage.REQUEST);
  }

  private static Stage stageOf(StageTable table, StageSources sources) throws Exception {
    List<SpanSummary> summaries =
        summarizer(table, sources).summarize(load(), RECEIVED).summaries();
    assertThat(summaries).hasSize(1);
    return summaries.get(0).stage();
  }

  private static SpanSummarizer summarizer(StageTable table, StageSources sources) {
    return new SpanSummarizer(table, sources, ConfigDefaultKeys.of(), 256);
  }

  private static ExportTraceServiceRequest load() throws Exception {
    return KubernetesNamingTest.fixture("vllm_load_model.json");
  }
}
