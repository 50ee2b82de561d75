package io.strata.simulator.otlp;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.strata.simulator.model.LatencyModel;
import io.strata.simulator.model.RequestFailure;
import io.strata.simulator.model.SimulatedRequest;
import io.strata.simulator.model.StageTimes;
import java.time.Instant;

/**
 * A request as vLLM traces it: one SERVER span {@code llm_request} from the request's arrival to
 * its end, no children, the stage timings as float-second attributes. Names from vllm/tracing.py
 * ({@code SpanAttributes}); which values the v1 engine sets, and how, from
 * vllm/v1/engine/output_processor.py ({@code do_tracing}). vLLM reports no GPU and no Strata key.
 *
 * <p>The modelled execution is split at {@link LatencyModel#PREFILL_MS}: the fixed part is the
 * prefill, the per-token rest the decode. Model load, batch preparation and encoding have no vLLM
 * attribute; they are the part of the span before the queue that no stage accounts for.
 */
final class VllmRequestSpan {

  static final String NAME = "llm_request";

  /** Prompt length of every simulated request (vLLM reports it; Strata does not read it). */
  static final long PROMPT_TOKENS = 512;

  private VllmRequestSpan() {}

  static void emit(Tracer tracer, SimulatedRequest request, Instant start, Instant end) {
    StageTimes stages = request.outcome().stages();
    double prefillMs = Math.min(stages.gpuExecuteMs(), LatencyModel.PREFILL_MS);
    double decodeMs = stages.gpuExecuteMs() - prefillMs;
    double totalMs = stages.totalMs();
    Attributes attributes =
        Attributes.builder()
            .put("gen_ai.latency.time_to_first_token", seconds(totalMs - decodeMs))
            .put("gen_ai.latency.e2e", seconds(totalMs))
            .put("gen_ai.latency.time_in_queue", seconds(stages.queueWaitMs()))
            .put("gen_ai.usage.prompt_tokens", PROMPT_TOKENS)
            .put("gen_ai.usage.completion_tokens", (long) request.outcome().outputTokens())
            .put("gen_ai.latency.time_in_model_prefill", seconds(prefillMs))
            .put("gen_ai.latency.time_in_model_decode", seconds(decodeMs))
            .put("gen_ai.latency.time_in_model_inference", seconds(stages.gpuExecuteMs()))
            .put("gen_ai.request.id", "cmpl-" + Long.toHexString(start.toEpochMilli()))
            .put("gen_ai.request.max_tokens", 256L)
            .put("gen_ai.request.temperature", 0.7)
            .put("gen_ai.request.top_p", 0.95)
            .put("gen_ai.request.n", 1L)
            .put("gen_ai.response.model", request.revision().modelVersion())
            .build();
    Span span =
        tracer
            .spanBuilder(NAME)
            .setSpanKind(SpanKind.SERVER)
            .setNoParent()
            .setStartTimestamp(start)
            .setAllAttributes(attributes)
            .startSpan();
    if (request.outcome().failure() != RequestFailure.NONE) {
      span.setStatus(StatusCode.ERROR, request.outcome().failure().message());
    }
    span.end(end);
  }

  private static double seconds(double millis) {
    return millis / 1000.0;
  }
}
