package io.strata.events.remediation;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/**
 * PROPOSED → APPROVED → EXECUTING → EXECUTED / FAILED; REJECTED or REFUSED instead; REVERTED after
 * an undo. OBSERVED alone: a step the policy only observes, recorded so the review and a backtest
 * show what Strata would have done; never proposed, never executed.
 */
public enum ActionState {
  @JsonEnumDefaultValue
  UNSPECIFIED,
  PROPOSED,
  APPROVED,
  REJECTED,
  EXECUTING,
  EXECUTED,
  FAILED,
  REFUSED,
  REVERTED,
  OBSERVED
}
