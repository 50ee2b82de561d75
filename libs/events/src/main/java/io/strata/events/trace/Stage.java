package io.strata.events.trace;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/**
 * Where a request spends its time; mapped from span names by trace-ingest's stage table, or derived
 * from a server's stage attributes (vLLM prefill and decode are both GPU_EXECUTE).
 */
public enum Stage {
  @JsonEnumDefaultValue
  UNSPECIFIED,
  /** The root or server span: the request as the client saw it. */
  REQUEST,
  QUEUE_WAIT,
  MODEL_LOAD,
  BATCH_PREPARE,
  GPU_EXECUTE,
  RESPONSE_ENCODE,
  /** A span that is neither the request nor a known stage. */
  OTHER
}
