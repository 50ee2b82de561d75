package io.strata.correlator.core.incident;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.core.request.Baseline;
import io.strata.correlator.core.request.TraceAccumulator;
import io.strata.correlator.core.request.WindowStats;
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
    if (window.p95() >= baseline.p95() * settings.p95Ratio()
        && window.p95() - baseline.p95() >= minIncreaseMillis) {
      return new WindowVerdict(
          WindowVerdict.Kind.REGRESSED,
          Signal.REQUEST_P95,
          window.p95(),
          baseline.p95(),
          dominantStage(window, baseline));
    }
    if (window.errorRate() >= baseline.errorRate() + settings.errorRateIncrease()) {
      // Latency did not regress: no stage's rise explains failing requests, whatever jitter moved.
      return new WindowVerdict(
          WindowVerdict.Kind.REGRESSED,
          Signal.ERROR_RATE,
          window.errorRate(),
          baseline.errorRate(),
          Stage.UNSPECIFIED);
    }
    boolean inBand =
        withinBand(window.p95(), baseline.p95())
            && withinBand(window.stage(Stage.QUEUE_WAIT), baseline.stage(Stage.QUEUE_WAIT))
            && window.effectiveThroughput(allocatedGpus) >= throughputFloor(window, baseline);
    return WindowVerdict.of(inBand ? WindowVerdict.Kind.IN_BAND : WindowVerdict.Kind.OUT_OF_BAND);
  }

  /**
   * The stage whose p95 rose the most over its own baseline, provided the rise is real: at least
   * the minimum increase and at least {@code stageMinShare} of the request p95's rise. UNSPECIFIED
   * when no stage clearly rose, so jitter in an unrelated stage never picks the class.
   */
  public Stage dominantStage(WindowStats window, Baseline baseline) {
    double requestRise = Math.max(0, window.p95() - baseline.p95());
    double needed = Math.max(minIncreaseMillis, requestRise * settings.stageMinShare());
    return TraceAccumulator.PATH_STAGES.stream()
        .filter(stage -> window.stage(stage) - baseline.stage(stage) >= needed)
        .max(
            Comparator.comparingDouble((Stage stage) -> window.stage(stage) - baseline.stage(stage))
                .thenComparing(Stage::ordinal))
        .orElse(Stage.UNSPECIFIED);
  }

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

  /** Within the band, or so close in absolute terms that the difference is noise. */
  private boolean withinBand(double value, double baseline) {
    return value <= baseline * settings.recoveryBand() || value - baseline < minIncreaseMillis;
  }
}
