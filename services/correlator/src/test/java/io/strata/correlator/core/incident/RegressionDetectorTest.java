package io.strata.correlator.core.incident;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.core.request.Baseline;
import io.strata.correlator.core.request.WindowStats;
import io.strata.events.Correlation;
import io.strata.events.incident.Signal;
import io.strata.events.trace.Stage;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RegressionDetectorTest {

  private static final Instant T = Instant.parse("2026-11-30T10:00:00Z");
  private static final RegressionDetector DETECTOR =
      new RegressionDetector(
          new CorrelatorSettings.Regression(
              20,
              1.5,
              Duration.ofMillis(50),
              0.05,
              10,
              3,
              1.2,
              Duration.ofMinutes(10),
              Duration.ofMinutes(15),
              0.3));
  private static final Baseline BASELINE =
      new Baseline(
          80,
          200,
          0.01,
          Map.of(Stage.QUEUE_WAIT, 20.0, Stage.GPU_EXECUTE, 150.0, Stage.MODEL_LOAD, 0.0),
          1.0,
          10,
          T);

  private static WindowStats window(
      long requests, long errors, double p95, double queue, double execute, long withinSlo) {
    return new WindowStats(
        Correlation.empty(),
        T,
        T.plusSeconds(60),
        requests,
        errors,
        p95 / 2,
        p95,
        p95 * 1.1,
        Map.of(Stage.QUEUE_WAIT, queue, Stage.GPU_EXECUTE, execute),
        withinSlo,
        0,
        null,
        null,
        null,
        null,
        null);
  }

  @Test
  void tooFewRequestsAreNotEvaluated() {
    assertThat(DETECTOR.evaluate(window(19, 19, 9000, 0, 0, 0), BASELINE, 1).kind())
        .isEqualTo(WindowVerdict.Kind.TOO_FEW_SAMPLES);
  }

  @Test
  void withoutABaselineThereIsNothingToCompare() {
    assertThat(DETECTOR.evaluate(window(100, 0, 200, 20, 150, 60), null, 1).kind())
        .isEqualTo(WindowVerdict.Kind.NO_BASELINE);
  }

  @Test
  void aP95RegressionNeedsTheRatioAndTheAbsoluteIncrease() {
    WindowVerdict slow = DETECTOR.evaluate(window(100, 1, 320, 20, 270, 60), BASELINE, 1);
    assertThat(slow.kind()).isEqualTo(WindowVerdict.Kind.REGRESSED);
    assertThat(slow.signal()).isEqualTo(Signal.REQUEST_P95);
    assertThat(slow.value()).isEqualTo(320.0);
    assertThat(slow.baselineValue()).isEqualTo(200.0);
    assertThat(slow.dominantStage()).isEqualTo(Stage.GPU_EXECUTE);

    // 1.45x is below the ratio: not a regression.
    assertThat(DETECTOR.evaluate(window(100, 1, 290, 20, 240, 60), BASELINE, 1).kind())
        .isNotEqualTo(WindowVerdict.Kind.REGRESSED);
    // 2x of a 20 ms baseline is only 20 ms more: below the absolute floor.
    Baseline tiny = new Baseline(10, 20, 0, Map.of(), 1.0, 10, T);
    assertThat(DETECTOR.evaluate(window(100, 0, 40, 0, 0, 60), tiny, 1).kind())
        .isNotEqualTo(WindowVerdict.Kind.REGRESSED);
  }

  @Test
  void anErrorRateRegressionIsFlaggedEvenWithNormalLatency() {
    WindowVerdict errors = DETECTOR.evaluate(window(100, 7, 200, 20, 150, 60), BASELINE, 1);

    assertThat(errors.kind()).isEqualTo(WindowVerdict.Kind.REGRESSED);
    assertThat(errors.signal()).isEqualTo(Signal.ERROR_RATE);
    assertThat(errors.value()).isEqualTo(0.07);
    assertThat(errors.dominantStage()).isEqualTo(Stage.UNSPECIFIED);
  }

  @Test
  void inBandNeedsLatencyQueueWaitAndEffectiveThroughputAllBack() {
    // Baseline throughput 1.0 per GPU-second: 60 within SLO in 60 s on one GPU.
    assertThat(DETECTOR.evaluate(window(100, 1, 210, 22, 150, 60), BASELINE, 1).kind())
        .isEqualTo(WindowVerdict.Kind.IN_BAND);
    // Queue wait at 4x its baseline (80 ms, +60 ms): out of band though p95 is fine.
    assertThat(DETECTOR.evaluate(window(100, 1, 210, 80, 150, 60), BASELINE, 1).kind())
        .isEqualTo(WindowVerdict.Kind.OUT_OF_BAND);
    // Effective throughput below baseline / 1.2.
    assertThat(DETECTOR.evaluate(window(100, 1, 210, 22, 150, 40), BASELINE, 1).kind())
        .isEqualTo(WindowVerdict.Kind.OUT_OF_BAND);
  }

  @Test
  void aSmallWindowsThroughputShortfallWithinItsPoissonNoiseIsStillInBand() {
    // 25 requests: 2/sqrt(25) = 40 % may be chance. 40 within SLO in 60 s is 0.67 of baseline 1.0.
    assertThat(DETECTOR.evaluate(window(25, 0, 210, 22, 150, 40), BASELINE, 1).kind())
        .isEqualTo(WindowVerdict.Kind.IN_BAND);
    // The same shortfall over 400 requests (2/sqrt(400) = 10 %) is real: out of band.
    assertThat(DETECTOR.evaluate(window(400, 0, 210, 22, 150, 40), BASELINE, 1).kind())
        .isEqualTo(WindowVerdict.Kind.OUT_OF_BAND);
    // And below even the noise floor (0.5 of baseline over 25 requests): out of band.
    assertThat(DETECTOR.evaluate(window(25, 0, 210, 22, 150, 20), BASELINE, 1).kind())
        .isEqualTo(WindowVerdict.Kind.OUT_OF_BAND);
  }

  @Test
  void theDominantStageIsTheLargestRiseNotTheLongestStage() {
    WindowStats window =
        new WindowStats(
            Correlation.empty(),
            T,
            T.plusSeconds(60),
            100,
            0,
            300,
            600,
            700,
            Map.of(Stage.GPU_EXECUTE, 160.0, Stage.MODEL_LOAD, 300.0),
            0,
            0,
            null,
            null,
            null,
            null,
            null);

    assertThat(DETECTOR.dominantStage(window, BASELINE)).isEqualTo(Stage.MODEL_LOAD);
  }
}
