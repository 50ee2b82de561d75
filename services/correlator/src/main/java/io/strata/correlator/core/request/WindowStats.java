package io.strata.correlator.core.request;

import io.strata.events.Correlation;
import io.strata.events.trace.Stage;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What one closed window of one workload × model_version measured. Latencies in milliseconds.
 *
 * @param withinSlo successful requests that met the latency SLO
 * @param outputTokensWithinSlo generated tokens of those requests (0 when spans carry none)
 * @param exemplars the slowest requests of the window, slowest first
 * @param placements what each node × GPU served, so scope comes from all of the window's requests
 * @param errorExemplars the window's first failed requests
 */
public record WindowStats(
    Correlation correlation,
    Instant windowStart,
    Instant windowEnd,
    long requests,
    long errors,
    double p50,
    double p95,
    double p99,
    Map<Stage, Double> stageP95,
    long withinSlo,
    long outputTokensWithinSlo,
    List<AssembledTrace> exemplars,
    List<String> nodes,
    List<String> gpus,
    List<PlacementStats> placements,
    List<AssembledTrace> errorExemplars) {

  public WindowStats {
    correlation = correlation == null ? Correlation.empty() : correlation;
    stageP95 = stageP95 == null ? Map.of() : Map.copyOf(stageP95);
    exemplars = exemplars == null ? List.of() : List.copyOf(exemplars);
    nodes = nodes == null ? List.of() : List.copyOf(nodes);
    gpus = gpus == null ? List.of() : List.copyOf(gpus);
    placements = placements == null ? List.of() : List.copyOf(placements);
    errorExemplars = errorExemplars == null ? List.of() : List.copyOf(errorExemplars);
  }

  public double errorRate() {
    return requests == 0 ? 0.0 : (double) errors / requests;
  }

  public double stage(Stage stage) {
    return stageP95.getOrDefault(stage, 0.0);
  }

  public double windowSeconds() {
    return Math.max(1e-3, Duration.between(windowStart, windowEnd).toMillis() / 1000.0);
  }

  /**
   * Requests within SLO per second per allocated GPU (tokens instead of requests when the spans
   * carry output tokens); with no known allocation, per second.
   */
  public double effectiveThroughput(int allocatedGpus) {
    double completed = outputTokensWithinSlo > 0 ? outputTokensWithinSlo : withinSlo;
    return completed / windowSeconds() / Math.max(1, allocatedGpus);
  }
}
