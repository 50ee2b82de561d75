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
  SUPERSEDED,
  /**
   * An undo found the target changed since Strata's patch (someone else set the field, or the
   * object no longer carries what Strata added): it leaves the object as it is.
   */
  CHANGED_BY_OTHERS,
  /**
   * The patch computed at execution differs from the one recorded when the action was proposed (and
   * shown to the approver): the target changed meanwhile, so the approval does not cover it.
   */
  PATCH_CHANGED,
  /** The proposal was older than the approval TTL when someone tried to approve it. */
  APPROVAL_EXPIRED
}
