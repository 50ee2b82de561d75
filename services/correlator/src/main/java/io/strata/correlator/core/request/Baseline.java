package io.strata.correlator.core.request;

import io.strata.events.trace.Stage;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;

/**
 * What healthy looks like for one workload × model_version (or one healthy window, before the
 * median is taken). Latencies in milliseconds.
 *
 * @param effectiveThroughput requests (or tokens) within SLO per second per allocated GPU
 * @param windows how many healthy windows the median was taken over
 * @param asOf the end of the newest window it includes
 */
public record Baseline(
    double p50,
    double p95,
    double errorRate,
    Map<Stage, Double> stageP95,
    double effectiveThroughput,
    int windows,
    Instant asOf) {

  public Baseline {
    stageP95 = stageP95 == null ? Map.of() : Map.copyOf(stageP95);
  }

  public static Baseline of(WindowStats window, int allocatedGpus) {
    return new Baseline(
        window.p50(),
        window.p95(),
        window.errorRate(),
        new EnumMap<>(window.stageP95()),
        window.effectiveThroughput(allocatedGpus),
        1,
        window.windowEnd());
  }

  public double stage(Stage stage) {
    return stageP95.getOrDefault(stage, 0.0);
  }
}
