package io.strata.remediator.core.cluster;

import io.strata.events.remediation.ActionOutcomeReason;
import java.util.Optional;

/** A Kubernetes API call failed; {@link #reason()} says whether a retry may help. */
public final class TargetException extends Exception {

  private static final long serialVersionUID = 1L;

  private final ActionOutcomeReason reason;
  private final UnservedReason unserved;

  public TargetException(ActionOutcomeReason reason, String message, Throwable cause) {
    this(reason, message, cause, null);
  }

  private TargetException(
      ActionOutcomeReason reason, String message, Throwable cause, UnservedReason unserved) {
    super(message, cause);
    this.reason = reason;
    this.unserved = unserved;
  }

  /**
   * The cluster does not serve the kind at a version Strata knows (ADR 048): permanent, and its
   * message starts with the reason's name.
   */
  public static TargetException unserved(UnservedReason why, String detail) {
    return new TargetException(
        ActionOutcomeReason.PERMANENT_API_ERROR, why + ": " + detail, null, why);
  }

  public ActionOutcomeReason reason() {
    return reason;
  }

  /** Set when the kind is not served at a version Strata knows; never an absent object. */
  public Optional<UnservedReason> unserved() {
    return Optional.ofNullable(unserved);
  }

  /** Only API errors known to be transient are retried; anything unknown is permanent. */
  public boolean isTransient() {
    return reason == ActionOutcomeReason.TRANSIENT_API_ERROR
        || reason == ActionOutcomeReason.CONFLICT;
  }
}
