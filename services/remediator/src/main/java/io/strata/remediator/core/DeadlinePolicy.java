package io.strata.remediator.core;

/** What happens when a mitigated incident has not recovered by its deadline. */
public enum DeadlinePolicy {
  /** Offer the next pending step of the plan, and say so. */
  ESCALATE,
  /** Undo what was executed (by policy), and say so. */
  REVERT
}
