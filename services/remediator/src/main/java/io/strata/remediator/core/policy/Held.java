package io.strata.remediator.core.policy;

/** Why an AUTO rule's action is proposed instead of approved, and the limit's numbers in words. */
public record Held(Limit limit, String message) {

  /** The per-rule limit that held an AUTO action back. */
  public enum Limit {
    UNSPECIFIED,
    MAX_PER_HOUR,
    HOURS,
    WAVE
  }
}
