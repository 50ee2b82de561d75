package io.strata.remediator.core;

import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.PatchHash;
import io.strata.events.remediation.RemediationAction;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.journal.ActionJournal;
import io.strata.remediator.core.journal.Actions;
import io.strata.remediator.core.journal.UndoTypes;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/**
 * Approve, reject and undo, from any channel. Only a PROPOSED action can be decided, so a second
 * click (or a click racing a REST call) changes nothing. A person's approval may name the hash of
 * the patch they were shown (refused if the proposal's differs) and must come within the TTL of the
 * proposal.
 */
public final class ApprovalService {

  private final ActionJournal journal;
  private final Clock clock;
  private final Duration ttl;

  /** Without expiry (the core tests). */
  public ApprovalService(ActionJournal journal, Clock clock) {
    this(journal, clock, Duration.ZERO);
  }

  /**
   * @param ttl how long a proposal can be approved; zero for ever
   */
  public ApprovalService(ActionJournal journal, Clock clock, Duration ttl) {
    this.journal = journal;
    this.clock = clock;
    this.ttl = ttl;
  }

  public synchronized Decision approve(String actionId, String principal, ApprovalChannel channel) {
    return approve(actionId, principal, channel, Optional.empty());
  }

  /**
   * Approves if the proposal is still pending, younger than the TTL and (when {@code
   * shownPatchHash} is given) still carries the patch whose hash the approver was shown.
   */
  public synchronized Decision approve(
      String actionId, String principal, ApprovalChannel channel, Optional<String> shownPatchHash) {
    Optional<RemediationAction> current = journal.store().latest(actionId);
    if (current.isPresent() && current.get().state() == ActionState.PROPOSED) {
      if (shownPatchHash.isPresent()
          && !PatchHash.matches(current.get().patch(), shownPatchHash.get())) {
        return Decision.of(
            Decision.Outcome.PATCH_CHANGED,
            current.get(),
            actionId
                + " now proposes a patch with sha256 "
                + PatchHash.of(current.get().patch())
                + ", not the one shown ("
                + shownPatchHash.get().strip()
                + ")");
      }
      Instant proposedAt =
          journal.store().firstTime(actionId, ActionState.PROPOSED).orElse(Instant.MAX);
      Instant now = clock.instant();
      if (!ttl.isZero() && proposedAt != Instant.MAX && now.isAfter(proposedAt.plus(ttl))) {
        RemediationAction expired =
            journal.record(
                Actions.transition(
                    current.get(),
                    ActionState.REFUSED,
                    ActionOutcomeReason.APPROVAL_EXPIRED,
                    "proposed at " + proposedAt + "; approvals expire after " + ttl,
                    now));
        return Decision.of(
            Decision.Outcome.EXPIRED,
            expired,
            actionId + " was proposed at " + proposedAt + " and expired after " + ttl);
      }
    }
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
    // The undo belongs to its original's episode: it restores only what that episode's action set,
    // and follows the rule that decided the original.
    return Optional.of(
        journal.record(
            Actions.withPolicy(
                Actions.inEpisode(
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
                        clock.instant()),
                    original.episode()),
                original.policy())));
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
    RemediationAction decided;
    try {
      decided =
          journal.record(
              Actions.decided(current.get(), decision, principal, channel, clock.instant()));
    } catch (RuntimeException e) {
      if (decision != ActionState.APPROVED) {
        throw e;
      }
      // The write may have reached the broker although the acknowledgement did not: then the
      // approval is executed after the next rebuild. Saying "failed" would be a lie.
      return Decision.of(
          Decision.Outcome.PENDING,
          current.get(),
          "the approval of "
              + actionId
              + " may have been recorded (the broker did not confirm in time: "
              + e.getMessage()
              + "); it executes if it was. Check GET /api/actions/"
              + actionId);
    }
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
