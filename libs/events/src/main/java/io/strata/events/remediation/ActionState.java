package io.strata.events.remediation;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/**
 * PROPOSED → APPROVED → EXECUTING → EXECUTED / FAILED; REJECTED or REFUSED instead; REVERTED after
 * an undo.
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
  REVERTED
}
