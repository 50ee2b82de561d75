package io.strata.remediator.core.guard;

import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.cluster.TargetException;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.journal.ActionStore;
import io.strata.remediator.core.journal.Actions;
import io.strata.remediator.core.journal.UndoTypes;
import java.time.Instant;
import java.util.Optional;

/**
 * The checks an approved action passes before it touches the cluster: global pause, dry-run, the
 * blast radius of cordons ({@link NodeBlastRadius}) and of pauses ({@link PauseBlastRadius}), and
 * the per-target rate limit. Counts come from the action store, so they survive restarts.
 */
public final class ExecutionGuards {

  /** Supplies the GPU node census; only called for cordons. */
  @FunctionalInterface
  public interface CensusSource {
    TargetGateway.NodeCensus census() throws TargetException;
  }

  private final GuardSettings settings;
  private final PauseSwitch pause;
  private final NodeBlastRadius nodes;
  private final PauseBlastRadius pauses;

  public ExecutionGuards(GuardSettings settings, PauseSwitch pause) {
    this.settings = settings;
    this.pause = pause;
    this.nodes = new NodeBlastRadius(settings);
    this.pauses = new PauseBlastRadius(settings);
  }

  /**
   * @param undo whether the action undoes an earlier one
   */
  public Optional<Refusal> check(
      RemediationAction action, boolean undo, ActionStore store, CensusSource census, Instant now)
      throws TargetException {
    if (pause.paused()) {
      return refuse(ActionOutcomeReason.GLOBAL_PAUSE, pausedMessage(pause.state()));
    }
    if (action.dryRun()) {
      return refuse(
          ActionOutcomeReason.DRY_RUN,
          "dry-run: would apply "
              + (action.patch() == null ? "the planned patch" : action.patch()));
    }
    if (undo) {
      // Undoing a mitigation only restores what was there: no blast radius, no rate limit.
      return Optional.empty();
    }
    if (action.type() == ActionType.CORDON_NODE) {
      Optional<Refusal> blast = nodes.check(action, store, census.census(), now);
      if (blast.isPresent()) {
        return blast;
      }
    }
    if (action.type() == ActionType.PAUSE_NEW_BATCHES) {
      Optional<Refusal> blast = pauses.check(action, store);
      if (blast.isPresent()) {
        return blast;
      }
    }
    return rateLimit(action, store, now);
  }

  private Optional<Refusal> rateLimit(RemediationAction action, ActionStore store, Instant now) {
    Instant since = now.minus(settings.rateLimitWindow());
    TargetRef target = action.target();
    long recent =
        store.all().stream()
            .filter(a -> !a.actionId().equals(action.actionId()) && !a.dryRun())
            .filter(a -> target != null && target.equals(a.target()))
            .filter(a -> !UndoTypes.isUndo(a.type()))
            .filter(a -> startedSince(store, a, since))
            .count();
    if (recent >= settings.maxActionsPerTarget()) {
      return refuse(
          ActionOutcomeReason.RATE_LIMITED,
          recent
              + " action(s) on "
              + Actions.targetKey(target)
              + " within "
              + settings.rateLimitWindow()
              + "; the limit is "
              + settings.maxActionsPerTarget());
    }
    return Optional.empty();
  }

  private static boolean startedSince(ActionStore store, RemediationAction a, Instant since) {
    return store
        .firstTime(a.actionId(), ActionState.EXECUTING)
        .filter(t -> !t.isBefore(since))
        .isPresent();
  }

  /** Who paused and when, so that a refused approver knows whom to ask. */
  static String pausedMessage(PauseState state) {
    StringBuilder text = new StringBuilder("the global pause switch is on");
    if (state.by() != null) {
      text.append(" (set by ").append(state.by());
      if (state.at() != null) {
        text.append(" at ").append(state.at());
      }
      text.append(')');
    }
    return text.toString();
  }

  private static Optional<Refusal> refuse(ActionOutcomeReason reason, String message) {
    return Optional.of(new Refusal(reason, message));
  }
}
