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
    NOT_UNDOABLE,
    /** The approval named a patch hash other than the proposal's: it was not what is pending. */
    PATCH_CHANGED,
    /** The proposal is older than the approval TTL; it is recorded REFUSED/APPROVAL_EXPIRED. */
    EXPIRED,
    /** The incident resolved before the approval; nothing is left to mitigate. */
    INCIDENT_RESOLVED,
    /**
     * An undo proposed at a resolution, approved after the incident opened again (a relapse): it
     * would release what holds the failing node. It stays PROPOSED and can be approved once the
     * incident resolves again; an operator's deliberate undo is a separate request.
     */
    INCIDENT_OPEN,
    /** The principal may not decide (any more): it is not on the approver list at click time. */
    NOT_ALLOWED,
    /**
     * Recording the approval timed out: the broker may still have stored it, in which case it is
     * executed (at the latest after the next rebuild). Neither failed nor approved for sure.
     */
    PENDING,
    /** This instance is a standby; the active remediator (the Lease holder) decides. */
    NOT_LEADER;

    /** Whether the request changed an action's state. */
    public boolean accepted() {
      return this == APPROVED || this == REJECTED;
    }
  }

  static Decision of(Outcome outcome, RemediationAction action, String message) {
    return new Decision(outcome, Optional.ofNullable(action), message);
  }
}
