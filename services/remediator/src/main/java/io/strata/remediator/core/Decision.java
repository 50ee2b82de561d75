package io.strata.remediator.core;

import io.strata.events.remediation.RemediationAction;
import java.util.Optional;

/** The answer to an approve, reject or undo request. */
public record Decision(Outcome outcome, Optional<RemediationAction> action, String message) {

  /** What happened to the request. */
  public enum Outcome {
    APPROVED,
    REJECTED,
    UNKNOWN_ACTION,
    NOT_PENDING,
    NOT_UNDOABLE;

    /** Whether the request changed an action's state. */
    public boolean accepted() {
      return this == APPROVED || this == REJECTED;
    }
  }

  static Decision of(Outcome outcome, RemediationAction action, String message) {
    return new Decision(outcome, Optional.ofNullable(action), message);
  }
}
