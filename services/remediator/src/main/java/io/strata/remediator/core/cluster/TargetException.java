package io.strata.remediator.core.cluster;

import io.strata.events.remediation.ActionOutcomeReason;

/** A Kubernetes API call failed; {@link #reason()} says whether a retry may help. */
public final class TargetException extends Exception {

  private static final long serialVersionUID = 1L;

  private final ActionOutcomeReason reason;

  public TargetException(ActionOutcomeReason reason, String message, Throwable cause) {
    super(message, cause);
    this.reason = reason;
  }

  public ActionOutcomeReason reason() {
    return reason;
  }

  /** Only API errors known to be transient are retried; anything unknown is permanent. */
  public boolean isTransient() {
    return reason == ActionOutcomeReason.TRANSIENT_API_ERROR
        || reason == ActionOutcomeReason.CONFLICT;
  }
}
