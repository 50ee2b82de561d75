package io.strata.simulator.model;

import java.time.Duration;
import java.time.Instant;

/** One inference request the cluster served, with its modelled stage times. */
public record SimulatedRequest(
    Workload workload,
    Pod pod,
    Gpu gpu,
    Revision revision,
    Instant start,
    LatencyModel.Outcome outcome) {

  /**
   * The same request after it waited in its workload's queue since {@code arrival}: the hold is
   * queue wait, so the trace starts when the request arrived.
   */
  SimulatedRequest heldSince(Instant arrival) {
    StageTimes stages = outcome.stages();
    double otherMs = stages.totalMs() - stages.queueWaitMs();
    double waitedMs = Duration.between(arrival, start).toNanos() / 1e6 - otherMs;
    if (waitedMs <= stages.queueWaitMs()) {
      return this;
    }
    StageTimes longer =
        new StageTimes(
            waitedMs,
            stages.modelLoadMs(),
            stages.batchPrepareMs(),
            stages.gpuExecuteMs(),
            stages.responseEncodeMs());
    return new SimulatedRequest(
        workload,
        pod,
        gpu,
        revision,
        start,
        new LatencyModel.Outcome(longer, outcome.outputTokens(), outcome.failure()));
  }

  public Instant end() {
    return start.plusNanos((long) (outcome.stages().totalMs() * 1_000_000));
  }
}
