package io.strata.remediator.core.execute;

/** What one execution pass did. */
public enum ExecutionResult {
  /** The action reached a final state (EXECUTED, FAILED or REFUSED). */
  FINISHED,
  /** A transient failure within the attempt budget: run again after a backoff. */
  RETRY_LATER,
  /** The action is not approved or executing: nothing to do (already done, rejected, unknown). */
  NOTHING_TO_DO,
  /**
   * The record to act on is not verifiably the remediator's own (see {@link IntegrityProblem}):
   * nothing was patched or recorded.
   */
  UNVERIFIED,
  /** This instance is a standby (another holds the Lease): it executes nothing. */
  STANDBY
}
