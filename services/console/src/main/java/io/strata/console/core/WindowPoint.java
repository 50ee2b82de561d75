package io.strata.console.core;

import io.strata.events.trace.Stage;
import java.time.Instant;
import java.util.Map;

/**
 * One closed window of a workload, as the correlator's {@code /api/workloads/{key}/window} reports
 * its {@code last_window}. Latencies in milliseconds.
 *
 * @param effectiveThroughput requests (or tokens) within SLO per second per allocated GPU
 */
public record WindowPoint(
    Instant start,
    Instant end,
    String modelVersion,
    long requests,
    double p95,
    Map<Stage, Double> stageP95,
    double effectiveThroughput) {

  public WindowPoint {
    stageP95 = stageP95 == null ? Map.of() : Map.copyOf(stageP95);
  }

  public double stage(Stage stage) {
    return stageP95.getOrDefault(stage, 0.0);
  }
}
