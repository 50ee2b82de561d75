package io.strata.simulator.k8s;

/** How the mock API holds the next marked PATCH, to let a test kill the client meanwhile. */
public enum PatchHold {
  /** Nothing held: the default. */
  NONE,
  /**
   * Not applied; answered 503 only after the hold: the client sits between its EXECUTING record and
   * a patch that never landed.
   */
  BEFORE_APPLY,
  /**
   * Applied to storage at once; the answer is delayed by the hold: the client sits between a landed
   * patch and its EXECUTED record.
   */
  AFTER_APPLY
}
