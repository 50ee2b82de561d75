package io.strata.traceingest.stages;

import io.strata.events.trace.Stage;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The inference servers whose stage attributes trace-ingest reads without configuration. Only
 * attribute names and units are taken from their sources; see docs/services/trace-ingest.md.
 */
public final class KnownServers {

  /**
   * vLLM: one SERVER span {@code llm_request} per finished request, started at the request's
   * arrival. Attribute names from vllm/tracing.py ({@code SpanAttributes}); values set in the v1
   * engine's vllm/v1/engine/output_processor.py ({@code do_tracing}), all in seconds as floats:
   * {@code time_in_queue = scheduled_ts - queued_ts}, {@code time_in_model_prefill = first_token_ts
   * - scheduled_ts}, {@code time_in_model_decode = last_token_ts - first_token_ts}, {@code
   * time_in_model_inference = last_token_ts - scheduled_ts}, {@code e2e} = now - arrival. The
   * pre-v1 engine (vllm/engine/llm_engine.py) set queue, e2e and, when collected, {@code
   * time_in_model_forward} / {@code time_in_model_execute} instead of prefill and decode.
   *
   * <p>Queue, then prefill, then decode end where the span ends: what precedes them in the span
   * (request parsing, tokenisation before the request is queued) is not a stage vLLM measures.
   */
  public static final String VLLM_SPAN = "llm_request";

  public static final String VLLM_QUEUE = "gen_ai.latency.time_in_queue";
  public static final String VLLM_PREFILL = "gen_ai.latency.time_in_model_prefill";
  public static final String VLLM_DECODE = "gen_ai.latency.time_in_model_decode";
  public static final String VLLM_INFERENCE = "gen_ai.latency.time_in_model_inference";
  public static final String VLLM_EXECUTE = "gen_ai.latency.time_in_model_execute";
  public static final String VLLM_FORWARD = "gen_ai.latency.time_in_model_forward";
  public static final String VLLM_E2E = "gen_ai.latency.e2e";

  /**
   * vLLM's model loading: {@code BaseModelLoader.load_model} in
   * vllm/model_executor/model_loader/base_loader.py carries {@code @instrument(span_name="Load
   * model")} (vLLM PR #31162, "OTEL tracing during loading"); vllm/tracing/otel.py {@code
   * instrument_otel} makes it an INTERNAL span timing the whole call, with only the {@code code.*}
   * attributes (function, namespace, filepath, lineno as text). The span's own duration is the
   * stage.
   */
  public static final String VLLM_LOAD_MODEL_SPAN = "Load model";

  /** Spans a built-in server names after a stage: the span is that stage, like a Strata one. */
  static final Map<String, Stage> VLLM_STAGE_SPANS = Map.of(VLLM_LOAD_MODEL_SPAN, Stage.MODEL_LOAD);

  /**
   * Hugging Face text-generation-inference: the router's {@code #[instrument]}ed handlers ({@code
   * generate}, {@code generate_stream}, ...) in router/src/server.rs record {@code validation_time
   * = queued - start_time}, {@code queue_time = start - queued} and {@code inference_time = now -
   * start} as {@code format!("{:?}", duration)} text, which tracing-opentelemetry exports as string
   * attributes. Validation (tokenisation, parameter checks) comes first, from the span's start.
   */
  public static final String TGI_VALIDATION = "validation_time";

  public static final String TGI_QUEUE = "queue_time";
  public static final String TGI_INFERENCE = "inference_time";

  private KnownServers() {}

  public static AttributeStageSource vllm() {
    return new AttributeStageSource(
        "vllm",
        // Recognised by its attributes, not the name: forks and proxies keep the keys.
        Set.of(),
        List.of(VLLM_E2E),
        DurationUnit.SECONDS,
        Anchor.END,
        List.of(
            AttributeStage.of(Stage.QUEUE_WAIT, "vllm.queue", VLLM_QUEUE),
            AttributeStage.of(Stage.GPU_EXECUTE, "vllm.prefill", VLLM_PREFILL),
            AttributeStage.of(Stage.GPU_EXECUTE, "vllm.decode", VLLM_DECODE),
            AttributeStage.fallback(
                Stage.GPU_EXECUTE, "vllm.model", VLLM_INFERENCE, VLLM_EXECUTE, VLLM_FORWARD)));
  }

  public static AttributeStageSource tgi() {
    return new AttributeStageSource(
        "tgi",
        Set.of(),
        List.of(TGI_QUEUE, TGI_INFERENCE),
        DurationUnit.RUST_DEBUG,
        Anchor.START,
        List.of(
            AttributeStage.of(Stage.BATCH_PREPARE, "tgi.validation", TGI_VALIDATION),
            AttributeStage.of(Stage.QUEUE_WAIT, "tgi.queue", TGI_QUEUE),
            AttributeStage.of(Stage.GPU_EXECUTE, "tgi.inference", TGI_INFERENCE)));
  }
}
