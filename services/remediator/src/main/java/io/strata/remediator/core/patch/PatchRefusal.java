package io.strata.remediator.core.patch;

import io.strata.events.remediation.ActionOutcomeReason;

/** The action cannot be expressed as a patch of this target (wrong kind, nothing to roll back). */
public final class PatchRefusal extends Exception {

  private static final long serialVersionUID = 1L;

  private final ActionOutcomeReason reason;

  public PatchRefusal(ActionOutcomeReason reason, String message) {
    super(message);
    this.reason = reason;
  }

  public ActionOutcomeReason reason() {
    return reason;
  }
}
