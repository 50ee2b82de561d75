package io.strata.simulator.model;

/** Milliseconds a request spends in each stage, in order. */
public record StageTimes(
    double queueWaitMs,
    double modelLoadMs,
    double batchPrepareMs,
    double gpuExecuteMs,
    double responseEncodeMs) {

  public double totalMs() {
    return queueWaitMs + modelLoadMs + batchPrepareMs + gpuExecuteMs + responseEncodeMs;
  }
}
