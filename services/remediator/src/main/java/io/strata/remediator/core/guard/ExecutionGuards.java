package io.strata.remediator.core.guard;

import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.journal.ActionStore;
import io.strata.remediator.core.journal.Actions;
import io.strata.remediator.core.journal.UndoTypes;
import io.strata.remediator.core.target.TargetException;
import io.strata.remediator.core.target.TargetGateway;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The checks an approved action passes before it touches the cluster: global pause, dry-run, the
 * blast radius of cordons and the per-target rate limit. Counts come from the action store, so they
 * survive restarts.
 */
public final class ExecutionGuards {

  /** Supplies the GPU node census; only called for cordons. */
  @FunctionalInterface
  public interface CensusSource {
    TargetGateway.NodeCensus census() throws TargetException;
  }

  private final GuardSettings settings;
  private final PauseSwitch pause;

  public ExecutionGuards(GuardSettings settings, PauseSwitch pause) {
    this.settings = settings;
    this.pause = pause;
  }

  /**
   * @param undo whether the action undoes an earlier one
   */
  public Optional<Refusal> check(
      RemediationAction action, boolean undo, ActionStore store, CensusSource census, Instant now)
      throws TargetException {
    if (pause.paused()) {
      return refuse(ActionOutcomeReason.GLOBAL_PAUSE, "the global pause switch is on");
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
      Optional<Refusal> blast = blastRadius(action, store, census.census(), now);
      if (blast.isPresent()) {
        return blast;
      }
    }
    return rateLimit(action, store, now);
  }

  /**
   * Counts nodes, not actions: the distinct nodes Strata started quarantining within the window
   * (another incident's cordon of a node already counted is not a second node), and for the share
   * every GPU node already out of service, whoever took it out (Strata, a person, NotReady).
   */
  private Optional<Refusal> blastRadius(
      RemediationAction action, ActionStore store, TargetGateway.NodeCensus census, Instant now) {
    Instant since = now.minus(settings.blastRadiusWindow());
    String node = action.target() == null ? null : action.target().name();
    Set<String> recent =
        store.all().stream()
            .filter(a -> a.type() == ActionType.CORDON_NODE && !a.dryRun())
            .filter(a -> !a.actionId().equals(action.actionId()))
            .filter(a -> startedSince(store, a, since))
            .map(a -> a.target().name())
            .collect(Collectors.toCollection(TreeSet::new));
    boolean counted = recent.contains(node);
    if (!counted && recent.size() + 1 > settings.maxCordonedNodes()) {
      return refuse(
          ActionOutcomeReason.BLAST_RADIUS_LIMIT,
          recent.size()
              + " node(s) already cordoned within "
              + settings.blastRadiusWindow()
              + " ("
              + String.join(", ", recent)
              + "); the limit is "
              + settings.maxCordonedNodes());
    }
    if (census.total() == 0) {
      return refuse(ActionOutcomeReason.BLAST_RADIUS_LIMIT, "no GPU nodes match the selector");
    }
    long afterCordon =
        census.out().contains(node) ? census.unschedulable() : census.unschedulable() + 1L;
    if (afterCordon * 100 > (long) settings.maxUnschedulablePercent() * census.total()) {
      return refuse(
          ActionOutcomeReason.BLAST_RADIUS_LIMIT,
          "cordoning would leave "
              + afterCordon
              + " of "
              + census.total()
              + " GPU nodes out of service (cordoned, quarantined, NotReady or tainted); the limit"
              + " is "
              + settings.maxUnschedulablePercent()
              + "%");
    }
    return Optional.empty();
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

  private static Optional<Refusal> refuse(ActionOutcomeReason reason, String message) {
    return Optional.of(new Refusal(reason, message));
  }
}
