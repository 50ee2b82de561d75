package io.strata.correlator.core.incident;

import io.strata.events.incident.Signal;
import io.strata.events.trace.Stage;

/**
 * How one closed window compares with its baseline.
 *
 * @param signal for a regression, the signal that crossed its threshold (REQUEST_P95 before
 *     ERROR_RATE)
 * @param dominantStage the stage whose p95 rose the most over its baseline, UNSPECIFIED when none
 *     rose
 */
public record WindowVerdict(
    Kind kind, Signal signal, double value, double baselineValue, Stage dominantStage) {

  /** The outcome of comparing a window with its baseline. */
  public enum Kind {
    /** Fewer requests than the minimum sample size: not evaluated. */
    TOO_FEW_SAMPLES,
    /** No baseline yet for this workload × model_version (nor for the workload). */
    NO_BASELINE,
    /** p95 or error rate past its threshold. */
    REGRESSED,
    /** p95, queue wait and effective throughput all within the baseline band. */
    IN_BAND,
    /** Not a regression, but not back in band either. */
    OUT_OF_BAND
  }

  public static WindowVerdict of(Kind kind) {
    return new WindowVerdict(kind, Signal.UNSPECIFIED, 0, 0, Stage.UNSPECIFIED);
  }
}
