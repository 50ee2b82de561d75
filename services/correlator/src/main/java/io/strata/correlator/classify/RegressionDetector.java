package io.strata.correlator.classify;

import io.strata.correlator.baseline.Baseline;
import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.trace.TraceAccumulator;
import io.strata.correlator.window.WindowStats;
import io.strata.events.incident.Signal;
import io.strata.events.trace.Stage;
import java.util.Comparator;

/** Compares a closed window with its baseline: regression, back in band, or neither. */
public final class RegressionDetector {

  private final CorrelatorSettings.Regression settings;
  private final double minIncreaseMillis;

  public RegressionDetector(CorrelatorSettings.Regression settings) {
    this.settings = settings;
    this.minIncreaseMillis = settings.p95MinIncrease().toNanos() / 1_000_000.0;
  }

  /**
   * @param baseline null when none is established yet
   * @param allocatedGpus for effective throughput
   */
  public WindowVerdict evaluate(WindowStats window, Baseline baseline, int allocatedGpus) {
    if (window.requests() < settings.minSamples()) {
      return WindowVerdict.of(WindowVerdict.Kind.TOO_FEW_SAMPLES);
    }
    if (baseline == null) {
      return WindowVerdict.of(WindowVerdict.Kind.NO_BASELINE);
    }
    Stage dominant = dominantStage(window, baseline);
    if (window.p95() >= baseline.p95() * settings.p95Ratio()
        && window.p95() - baseline.p95() >= minIncreaseMillis) {
      return new WindowVerdict(
          WindowVerdict.Kind.REGRESSED, Signal.REQUEST_P95, window.p95(), baseline.p95(), dominant);
    }
    if (window.errorRate() >= baseline.errorRate() + settings.errorRateIncrease()) {
      return new WindowVerdict(
          WindowVerdict.Kind.REGRESSED,
          Signal.ERROR_RATE,
          window.errorRate(),
          baseline.errorRate(),
          dominant);
    }
    boolean inBand =
        withinBand(window.p95(), baseline.p95())
            && withinBand(window.stage(Stage.QUEUE_WAIT), baseline.stage(Stage.QUEUE_WAIT))
            && window.effectiveThroughput(allocatedGpus) >= throughputFloor(window, baseline);
    return WindowVerdict.of(inBand ? WindowVerdict.Kind.IN_BAND : WindowVerdict.Kind.OUT_OF_BAND);
  }

  /** The stage whose p95 rose the most over its own baseline; UNSPECIFIED when none rose. */
  public static Stage dominantStage(WindowStats window, Baseline baseline) {
    return TraceAccumulator.PATH_STAGES.stream()
        .filter(stage -> window.stage(stage) - baseline.stage(stage) > 0)
        .max(
            Comparator.comparingDouble((Stage stage) -> window.stage(stage) - baseline.stage(stage))
                .thenComparing(Stage::ordinal))
        .orElse(Stage.UNSPECIFIED);
  }

  /** Within the band, or so close in absolute terms that the difference is noise. */
  /**
   * How far below its baseline a window's effective throughput may fall and still count as back:
   * the recovery band, or the Poisson noise of the window's request count (two standard deviations,
   * 2/sqrt(n)), whichever is wider. A window of a dozen requests cannot tell a 17 % shortfall from
   * chance, and calling it out of band would restart every recovery streak of a small version.
   */
  private double throughputFloor(WindowStats window, Baseline baseline) {
    double bandShortfall = 1 - 1 / settings.recoveryBand();
    double noiseShortfall = 2 / Math.sqrt(Math.max(1, window.requests()));
    return baseline.effectiveThroughput()
        * (1 - Math.min(1, Math.max(bandShortfall, noiseShortfall)));
  }

  private boolean withinBand(double value, double baseline) {
    return value <= baseline * settings.recoveryBand() || value - baseline < minIncreaseMillis;
  }
}
