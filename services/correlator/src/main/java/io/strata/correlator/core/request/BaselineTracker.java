package io.strata.correlator.core.request;

import io.strata.events.trace.Stage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * The recent healthy windows of one workload × model_version and the regression streak. The
 * baseline is the per-metric median of the healthy windows: one outlier window cannot move it.
 *
 * @param healthy newest last, at most the configured count
 * @param regressedStreak consecutive regressed windows just seen
 * @param updatedAt the end of the newest window seen
 * @param measuredAt the end of the newest window with enough requests to be evaluated; null before
 *     the first
 */
public record BaselineTracker(
    List<Baseline> healthy, int regressedStreak, Instant updatedAt, Instant measuredAt) {

  public BaselineTracker {
    healthy = healthy == null ? List.of() : List.copyOf(healthy);
  }

  public static BaselineTracker empty() {
    return new BaselineTracker(List.of(), 0, null, null);
  }

  /** Adds a healthy window, forgetting the oldest beyond {@code keep}; ends a regression streak. */
  public BaselineTracker withHealthy(Baseline window, int keep) {
    List<Baseline> next = new ArrayList<>(healthy);
    next.add(window);
    while (next.size() > Math.max(1, keep)) {
      next.remove(0);
    }
    return new BaselineTracker(next, 0, window.asOf(), window.asOf());
  }

  public BaselineTracker withRegressed(Instant at) {
    return new BaselineTracker(healthy, regressedStreak + 1, at, at);
  }

  /** An evaluated window that is neither (in band while an incident is open, or out of band). */
  public BaselineTracker withNeutral(Instant at) {
    return new BaselineTracker(healthy, 0, at, at);
  }

  /** A window with too few requests to be evaluated: it measures nothing. */
  public BaselineTracker withTooFewSamples(Instant at) {
    return new BaselineTracker(healthy, 0, at, measuredAt);
  }

  /** The median baseline, once at least {@code warmup} healthy windows were seen. */
  public Optional<Baseline> baseline(int warmup) {
    if (healthy.isEmpty() || healthy.size() < warmup) {
      return Optional.empty();
    }
    Set<Stage> stages = EnumSet.noneOf(Stage.class);
    healthy.forEach(b -> stages.addAll(b.stageP95().keySet()));
    Map<Stage, Double> stageP95 = new EnumMap<>(Stage.class);
    for (Stage stage : stages) {
      stageP95.put(stage, median(b -> b.stage(stage)));
    }
    return Optional.of(
        new Baseline(
            median(Baseline::p50),
            median(Baseline::p95),
            median(Baseline::errorRate),
            stageP95,
            median(Baseline::effectiveThroughput),
            healthy.size(),
            healthy.get(healthy.size() - 1).asOf()));
  }

  private double median(ToDoubleFunction<Baseline> metric) {
    double[] values = healthy.stream().mapToDouble(metric).sorted().toArray();
    int mid = values.length / 2;
    return values.length % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2.0;
  }
}
