package io.strata.traceingest.stages;

import static io.strata.traceingest.stages.VllmSpans.llmRequest;
import static io.strata.traceingest.stages.VllmSpans.number;
import static io.strata.traceingest.stages.VllmSpans.text;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.opentelemetry.proto.trace.v1.Span;
import io.strata.events.trace.Stage;
import org.junit.jupiter.api.Test;

/** The built-in detectors against spans carrying the servers' real attribute names and units. */
class KnownServersTest {

  private final StageSources sources = StageSources.builtIn();

  @Test
  void vllmQueuePrefillAndDecodeEndWhereTheSpanEnds() {
    // 2 s in total: 0.25 s before the queue (tokenisation), 0.5 queued, 0.25 prefill, 1.0 decode.
    Span span = llmRequest(2.0, 0.5, 0.25, 1.0).build();

    assertThat(sources.derive(span))
        .containsExactly(
            new DerivedStage("vllm.queue", Stage.QUEUE_WAIT, 250_000_000L, 500_000_000L),
            new DerivedStage("vllm.prefill", Stage.GPU_EXECUTE, 750_000_000L, 250_000_000L),
            new DerivedStage("vllm.decode", Stage.GPU_EXECUTE, 1_000_000_000L, 1_000_000_000L));
  }

  @Test
  void vllmWithoutPrefillAndDecodeFallsBackToTheModelTimeItReports() {
    // The pre-v1 engine: queue, e2e and (with detailed tracing) model execute time only.
    Span span =
        Span.newBuilder()
            .setName("llm_request")
            .setStartTimeUnixNano(VllmSpans.START)
            .setEndTimeUnixNano(VllmSpans.START + 1_000_000_000L)
            .addAttributes(number("gen_ai.latency.e2e", 1.0))
            .addAttributes(number("gen_ai.latency.time_in_queue", 0.125))
            .addAttributes(number("gen_ai.latency.time_in_model_execute", 0.75))
            .addAttributes(number("gen_ai.latency.time_in_model_forward", 0.5))
            .build();

    assertThat(sources.derive(span))
        .containsExactly(
            new DerivedStage("vllm.queue", Stage.QUEUE_WAIT, 125_000_000L, 125_000_000L),
            new DerivedStage("vllm.model", Stage.GPU_EXECUTE, 250_000_000L, 750_000_000L));
  }

  @Test
  void vllmStagesLongerThanTheSpanStartWithIt() {
    // Float seconds from another clock may add up to a little more than the span.
    Span span = llmRequest(1.0, 0.5, 0.25, 0.375).build();

    assertThat(sources.derive(span))
        .extracting(DerivedStage::offsetNanos)
        .containsExactly(0L, 500_000_000L, 750_000_000L);
  }

  @Test
  void tgiRustDurationTextsBecomeValidationQueueAndInferenceFromTheSpanStart() {
    // router/src/server.rs records format!("{:?}", duration) of each timing.
    Span span =
        Span.newBuilder()
            .setTraceId(ByteString.fromHex(VllmSpans.TRACE))
            .setSpanId(ByteString.fromHex("1a2b3c4d5e6f7081"))
            .setName("generate")
            .setStartTimeUnixNano(VllmSpans.START)
            .setEndTimeUnixNano(VllmSpans.START + 2_000_000_000L)
            .addAttributes(text("parameters", "GenerateParameters { best_of: None, ... }"))
            .addAttributes(text("total_time", "1.952041207s"))
            .addAttributes(text("validation_time", "1.204785ms"))
            .addAttributes(text("queue_time", "87.5µs"))
            .addAttributes(text("inference_time", "1.950749922s"))
            .addAttributes(text("time_per_token", "15.240233ms"))
            .addAttributes(text("seed", "None"))
            .build();

    assertThat(sources.derive(span))
        .containsExactly(
            new DerivedStage("tgi.validation", Stage.BATCH_PREPARE, 0L, 1_204_785L),
            new DerivedStage("tgi.queue", Stage.QUEUE_WAIT, 1_204_785L, 87_500L),
            new DerivedStage("tgi.inference", Stage.GPU_EXECUTE, 1_292_285L, 1_950_749_922L));
  }

  @Test
  void spansWithoutASignatureAreNobodysStages() {
    Span gateway =
        Span.newBuilder()
            .setName("POST /v1/chat/completions")
            .setStartTimeUnixNano(VllmSpans.START)
            .setEndTimeUnixNano(VllmSpans.START + 1_000_000L)
            // queue_time as a number is not TGI's text; without inference_time it is not TGI.
            .addAttributes(number("queue_time", 0.5))
            .addAttributes(number("gen_ai.latency.time_in_queue", 0.5))
            .build();

    assertThat(sources.derive(gateway)).isEmpty();
  }

  @Test
  void rustDebugDurationsParseEveryUnitRustPrints() {
    assertThat(DurationUnit.rustDebug("2s")).isEqualTo(2_000_000_000L);
    assertThat(DurationUnit.rustDebug("1.000000001s")).isEqualTo(1_000_000_001L);
    assertThat(DurationUnit.rustDebug("12.5ms")).isEqualTo(12_500_000L);
    assertThat(DurationUnit.rustDebug("3µs")).isEqualTo(3_000L);
    assertThat(DurationUnit.rustDebug("3us")).isEqualTo(3_000L);
    assertThat(DurationUnit.rustDebug("450ns")).isEqualTo(450L);
    assertThat(DurationUnit.rustDebug("None")).isNull();
    assertThat(DurationUnit.rustDebug("-1ms")).isNull();
    assertThat(DurationUnit.rustDebug("ms")).isNull();
  }
}
