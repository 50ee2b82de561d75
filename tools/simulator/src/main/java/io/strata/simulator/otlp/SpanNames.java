package io.strata.simulator.otlp;

/** Span and attribute names the simulated inference servers emit (what trace-ingest reads). */
public final class SpanNames {

  public static final String REQUEST = "POST /v1/chat/completions";
  public static final String QUEUE_WAIT = "queue.wait";
  public static final String MODEL_LOAD = "model.load";
  public static final String BATCH_PREPARE = "batch.prepare";
  public static final String GPU_EXECUTE = "gpu.execute";
  public static final String RESPONSE_ENCODE = "response.encode";

  /** trace-ingest reads gpu.uuid first (then gpu_uuid). */
  public static final String GPU_UUID = "gpu.uuid";

  public static final String MODEL_VERSION = "model_version";
  public static final String OUTPUT_TOKENS = "gen_ai.usage.output_tokens";
  public static final String ACCELERATOR_TYPE = "accelerator_type";

  private SpanNames() {}
}
