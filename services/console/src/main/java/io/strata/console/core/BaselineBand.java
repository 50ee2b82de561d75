package io.strata.console.core;

import io.strata.events.trace.Stage;
import java.util.Map;

/** What healthy looks like for one workload × model_version, from the correlator's baselines. */
public record BaselineBand(
    String modelVersion,
    double p95,
    Map<Stage, Double> stageP95,
    double effectiveThroughput,
    int windows) {

  public BaselineBand {
    stageP95 = stageP95 == null ? Map.of() : Map.copyOf(stageP95);
  }

  public double stage(Stage stage) {
    return stageP95.getOrDefault(stage, 0.0);
  }
}
