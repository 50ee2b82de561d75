package io.strata.simulator.model;

import java.time.Instant;

/** One inference request the cluster served, with its modelled stage times. */
public record SimulatedRequest(
    Workload workload,
    Pod pod,
    Gpu gpu,
    Revision revision,
    Instant start,
    LatencyModel.Outcome outcome) {

  public Instant end() {
    return start.plusNanos((long) (outcome.stages().totalMs() * 1_000_000));
  }
}
