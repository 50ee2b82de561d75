package io.strata.remediator.core;

import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.RemediationAction;
import java.time.Clock;
import java.util.Locale;
import java.util.Optional;

/**
 * Approve, reject and undo, from any channel. Only a PROPOSED action can be decided, so a second
 * click (or a click racing a REST call) changes nothing.
 */
public final class ApprovalService {

  private final ActionJournal journal;
  private final Clock clock;

  public ApprovalService(ActionJournal journal, Clock clock) {
    this.journal = journal;
    this.clock = clock;
  }

  public synchronized Decision approve(String actionId, String principal, ApprovalChannel channel) {
    return decide(actionId, principal, channel, ActionState.APPROVED);
  }

  public synchronized Decision reject(String actionId, String principal, ApprovalChannel channel) {
    return decide(actionId, principal, channel, ActionState.REJECTED);
  }

  /** Proposes the undo of an executed action (recorded PROPOSED), or returns the existing one. */
  public synchronized Optional<RemediationAction> proposeUndo(RemediationAction original) {
    String undoId = ActionIds.undoOf(original.actionId());
    Optional<RemediationAction> existing = journal.store().latest(undoId);
    if (existing.isPresent()) {
      return existing;
    }
    Optional<ActionType> type = UndoTypes.undoOf(original.type());
    if (type.isEmpty() || original.inversePatch() == null || original.dryRun()) {
      return Optional.empty();
    }
    return Optional.of(
        journal.record(
            Actions.proposed(
                undoId,
                original.incidentId(),
                original.step(),
                type.get(),
                original.target(),
                original.inversePatch(),
                null,
                "undo of " + original.actionId() + " (" + Actions.label(original) + ")",
                original.maxAttempts(),
                false,
                original.correlation(),
                clock.instant())));
  }

  /** Proposes and approves the undo of an EXECUTED action in one go. */
  public synchronized Decision undo(String actionId, String principal, ApprovalChannel channel) {
    Optional<RemediationAction> original = journal.store().latest(actionId);
    if (original.isEmpty()) {
      return Decision.of(Decision.Outcome.UNKNOWN_ACTION, null, "no action " + actionId);
    }
    if (original.get().state() != ActionState.EXECUTED) {
      return Decision.of(
          Decision.Outcome.NOT_UNDOABLE,
          original.get(),
          "only an EXECUTED action can be undone; " + actionId + " is " + original.get().state());
    }
    Optional<RemediationAction> undo = proposeUndo(original.get());
    if (undo.isEmpty()) {
      return Decision.of(
          Decision.Outcome.NOT_UNDOABLE,
          original.get(),
          original.get().type() + " has no recorded inverse to apply");
    }
    return decide(undo.get().actionId(), principal, channel, ActionState.APPROVED);
  }

  private Decision decide(
      String actionId, String principal, ApprovalChannel channel, ActionState decision) {
    Optional<RemediationAction> current = journal.store().latest(actionId);
    if (current.isEmpty()) {
      return Decision.of(Decision.Outcome.UNKNOWN_ACTION, null, "no action " + actionId);
    }
    if (current.get().state() != ActionState.PROPOSED) {
      return Decision.of(
          Decision.Outcome.NOT_PENDING,
          current.get(),
          actionId + " is already " + current.get().state());
    }
    RemediationAction decided =
        journal.record(
            Actions.decided(current.get(), decision, principal, channel, clock.instant()));
    return Decision.of(
        decision == ActionState.APPROVED ? Decision.Outcome.APPROVED : Decision.Outcome.REJECTED,
        decided,
        Actions.label(decided)
            + " "
            + decision.name().toLowerCase(Locale.ROOT)
            + " by "
            + principal);
  }
}
