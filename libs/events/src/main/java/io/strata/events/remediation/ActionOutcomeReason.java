package io.strata.events.remediation;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/**
 * Why an action was refused or failed. TRANSIENT_* may be retried within the attempt budget; the
 * rest are final.
 */
public enum ActionOutcomeReason {
  @JsonEnumDefaultValue
  UNSPECIFIED,
  DRY_RUN,
  GLOBAL_PAUSE,
  BLAST_RADIUS_LIMIT,
  RATE_LIMITED,
  NOT_ALLOWED_APPROVER,
  TARGET_NOT_FOUND,
  CONFLICT,
  FORBIDDEN,
  TRANSIENT_API_ERROR,
  ATTEMPTS_EXHAUSTED,
  PERMANENT_API_ERROR,
  ALREADY_APPLIED,
  SUPERSEDED
}
