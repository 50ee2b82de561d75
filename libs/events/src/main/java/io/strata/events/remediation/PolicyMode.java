package io.strata.events.remediation;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/** What a remediation policy rule lets Strata do about a planned action. */
public enum PolicyMode {
  @JsonEnumDefaultValue
  UNSPECIFIED,
  /** The incident and its review only: the action is not proposed. */
  OBSERVE,
  /** Proposed for a person's approval (what Strata does without a policy). */
  PROPOSE,
  /** Approved by the rule and executed inside every guard, announced with its undo. */
  AUTO
}
