package io.strata.remediator.core.execute;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.RemediationAction;
import io.strata.remediator.core.cluster.TargetException;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.cluster.TargetObject;
import io.strata.remediator.core.guard.ActiveInstance;
import io.strata.remediator.core.guard.ExecutionGuards;
import io.strata.remediator.core.guard.Refusal;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.journal.ActionJournal;
import io.strata.remediator.core.journal.Actions;
import io.strata.remediator.core.patch.KubeJson;
import io.strata.remediator.core.patch.MergePatches;
import io.strata.remediator.core.patch.PatchFactory;
import io.strata.remediator.core.patch.PatchRefusal;
import java.time.Clock;
import java.util.Optional;

/**
 * Runs one approved action exactly once. The sequence is: read the target; if it already carries
 * this action's marker, the patch landed before a crash, so record EXECUTED/ALREADY_APPLIED; else
 * pass the guards, record EXECUTING with the exact patch and its inverse, apply the patch together
 * with the marker, record EXECUTED. Transient failures are retried within the attempt budget
 * (counted on the journal, so across restarts too); anything else fails for good.
 */
public final class ActionExecutor {

  private final ActionJournal journal;
  private final TargetGateway gateway;
  private final PatchFactory patches;
  private final ExecutionGuards guards;
  private final Clock clock;
  private final ActiveInstance active;

  public ActionExecutor(
      ActionJournal journal,
      TargetGateway gateway,
      PatchFactory patches,
      ExecutionGuards guards,
      Clock clock) {
    this(journal, gateway, patches, guards, clock, ActiveInstance.ALWAYS);
  }

  /**
   * @param active whether this instance is the active remediator; checked before anything is read
   *     and again just before the patch
   */
  public ActionExecutor(
      ActionJournal journal,
      TargetGateway gateway,
      PatchFactory patches,
      ExecutionGuards guards,
      Clock clock,
      ActiveInstance active) {
    this.journal = journal;
    this.gateway = gateway;
    this.patches = patches;
    this.guards = guards;
    this.clock = clock;
    this.active = active;
  }

  public synchronized ExecutionResult execute(String actionId) {
    if (!active.active()) {
      return ExecutionResult.STANDBY;
    }
    Optional<RemediationAction> current = journal.store().latest(actionId);
    if (current.isEmpty()
        || (current.get().state() != ActionState.APPROVED
            && current.get().state() != ActionState.EXECUTING)) {
      return ExecutionResult.NOTHING_TO_DO;
    }
    RemediationAction action = current.get();
    if (verify(actionId).isPresent()) {
      // Not provably what this remediator computed: never applied, and nothing recorded (the
      // caller counts it; the rebuild dead-letters such records before they get here).
      return ExecutionResult.UNVERIFIED;
    }
    Optional<RemediationAction> undone = journal.store().undoneBy(actionId);
    try {
      Optional<TargetObject> target = gateway.read(action.target());
      if (target.isEmpty()) {
        return finish(
            action,
            ActionState.FAILED,
            ActionOutcomeReason.TARGET_NOT_FOUND,
            Actions.label(action) + ": target not found");
      }
      if (Markers.applied(target.get(), actionId)) {
        finish(
            action,
            ActionState.EXECUTED,
            ActionOutcomeReason.ALREADY_APPLIED,
            "the target already carries " + Markers.ACTION_ID + "=" + actionId);
        undone.ifPresent(this::markReverted);
        return ExecutionResult.FINISHED;
      }
      if (action.state() == ActionState.EXECUTING
          && action.patch() != null
          && statusSubresource(action)
          && io.strata.remediator.mechanisms.Mechanisms.holds(
              KubeJson.parseObject(action.patch()), target.get().body())) {
        // A status patch carries no marker annotations (the status subresource keeps only
        // status): the recorded patch found in place is the proof that it landed.
        finish(
            action,
            ActionState.EXECUTED,
            ActionOutcomeReason.ALREADY_APPLIED,
            "the target already holds the recorded patch");
        undone.ifPresent(this::markReverted);
        return ExecutionResult.FINISHED;
      }
      // Checked on every pass, retries included: the patch has not landed (no marker), and a
      // pause or a limit reached in the meantime must still stop it.
      Optional<Refusal> refusal =
          guards.check(
              action, undone.isPresent(), journal.store(), gateway::gpuNodes, clock.instant());
      if (refusal.isPresent()) {
        return finish(action, ActionState.REFUSED, refusal.get().reason(), refusal.get().message());
      }
      return apply(action, target.get(), undone);
    } catch (TargetException e) {
      return failure(action, e);
    } catch (PatchRefusal e) {
      return finish(action, ActionState.REFUSED, e.reason(), e.getMessage());
    }
  }

  /** Why the action's latest record may not be executed; empty when it may. */
  public Optional<IntegrityProblem> verify(String actionId) {
    return journal
        .store()
        .latest(actionId)
        .flatMap(action -> ExecutionIntegrity.problem(journal, action));
  }

  private ExecutionResult apply(
      RemediationAction action, TargetObject target, Optional<RemediationAction> undone)
      throws TargetException, PatchRefusal {
    int attempt = action.attempt() + 1;
    if (attempt > action.maxAttempts()) {
      return finish(
          action,
          ActionState.FAILED,
          ActionOutcomeReason.ATTEMPTS_EXHAUSTED,
          "no attempt left of " + action.maxAttempts());
    }
    ObjectNode patch = forwardPatch(action, target);
    Optional<String> approved = undone.isPresent() ? Optional.empty() : approvedPatch(action);
    if (approved.isPresent() && !KubeJson.parseObject(approved.get()).equals(patch)) {
      // The approved record carries the patch the approver was shown: an approval covers that
      // patch only, never one that the target's later state would produce.
      return finish(
          action,
          ActionState.REFUSED,
          ActionOutcomeReason.PATCH_CHANGED,
          "the patch computed now, "
              + KubeJson.write(patch)
              + ", differs from the approved "
              + approved.get());
    }
    if (!active.active()) {
      // Lost the Lease while reading: the new leader resumes the action from the journal.
      return ExecutionResult.STANDBY;
    }
    ObjectNode inverse = MergePatches.inverse(patch, target.body());
    RemediationAction executing =
        journal.record(
            Actions.executing(
                action, KubeJson.write(patch), KubeJson.write(inverse), attempt, clock.instant()));
    try {
      String marked = KubeJson.write(Markers.withMarker(patch, target, action.actionId()));
      if (statusSubresource(action)) {
        gateway.mergePatchStatus(action.target(), marked, target.resourceVersion());
      } else {
        gateway.mergePatch(action.target(), marked, target.resourceVersion());
      }
    } catch (TargetException e) {
      return failure(executing, e);
    }
    finish(executing, ActionState.EXECUTED, ActionOutcomeReason.UNSPECIFIED, "applied");
    undone.ifPresent(this::markReverted);
    return ExecutionResult.FINISHED;
  }

  /** The patch recorded with the approval (the proposal's preview), if there was one. */
  private Optional<String> approvedPatch(RemediationAction action) {
    return journal.store().history(action.actionId()).stream()
        .filter(a -> a.state() == ActionState.APPROVED)
        .map(RemediationAction::patch)
        .filter(java.util.Objects::nonNull)
        .findFirst();
  }

  /**
   * The patch to send: for an undo, computed by the original action's mechanism from the live
   * object and what the original recorded (so it restores only what Strata set); else the forward
   * patch.
   */
  private ObjectNode forwardPatch(RemediationAction action, TargetObject target)
      throws TargetException, PatchRefusal {
    Optional<RemediationAction> original = journal.store().undoneBy(action.actionId());
    if (original.isPresent()) {
      RemediationAction done = journal.store().latest(original.get().actionId()).orElseThrow();
      if (done.patch() == null || done.inversePatch() == null) {
        throw new PatchRefusal(
            ActionOutcomeReason.PERMANENT_API_ERROR, "the original recorded no patch to undo");
      }
      return patches.undo(
          done.type(),
          target,
          KubeJson.parseObject(done.patch()),
          KubeJson.parseObject(done.inversePatch()));
    }
    return patches.forward(action.type(), target, gateway);
  }

  /** Whether the mechanism (of the original, for an undo) patches the status subresource. */
  private boolean statusSubresource(RemediationAction action) {
    ActionType type =
        journal
            .store()
            .undoneBy(action.actionId())
            .map(RemediationAction::type)
            .orElse(action.type());
    return patches.mechanism(type, action.target()).map(m -> m.statusSubresource()).orElse(false);
  }

  private ExecutionResult failure(RemediationAction action, TargetException e) {
    if (e.isTransient() && action.attempt() < action.maxAttempts()) {
      if (action.state() == ActionState.APPROVED) {
        // Count the failed read as an attempt so the budget bounds retries that never reach a
        // patch.
        journal.record(
            Actions.executing(
                action,
                action.patch(),
                action.inversePatch(),
                action.attempt() + 1,
                clock.instant()));
      }
      return ExecutionResult.RETRY_LATER;
    }
    ActionOutcomeReason reason =
        e.isTransient() ? ActionOutcomeReason.ATTEMPTS_EXHAUSTED : e.reason();
    return finish(action, ActionState.FAILED, reason, e.getMessage());
  }

  private ExecutionResult finish(
      RemediationAction action, ActionState state, ActionOutcomeReason reason, String message) {
    journal.record(Actions.transition(action, state, reason, message, clock.instant()));
    return ExecutionResult.FINISHED;
  }

  private void markReverted(RemediationAction original) {
    RemediationAction latest = journal.store().latest(original.actionId()).orElse(original);
    if (latest.state() == ActionState.EXECUTED) {
      journal.record(
          Actions.transition(
              latest,
              ActionState.REVERTED,
              ActionOutcomeReason.UNSPECIFIED,
              "undone by " + ActionIds.undoOf(original.actionId()),
              clock.instant()));
    }
  }
}
