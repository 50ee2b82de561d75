package io.strata.remediator.core.policy.backtest;

import io.strata.events.incident.Incident;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.PolicyMode;
import io.strata.events.remediation.PolicyRef;
import io.strata.events.remediation.RemediationAction;
import io.strata.remediator.core.cluster.TargetException;
import io.strata.remediator.core.cluster.TargetGateway.NodeCensus;
import io.strata.remediator.core.guard.ExecutionGuards;
import io.strata.remediator.core.guard.GuardSettings;
import io.strata.remediator.core.guard.PauseSwitch;
import io.strata.remediator.core.guard.Refusal;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.journal.ActionStore;
import io.strata.remediator.core.journal.Actions;
import io.strata.remediator.core.journal.UndoTypes;
import io.strata.remediator.core.policy.AutoLimits;
import io.strata.remediator.core.policy.Held;
import io.strata.remediator.core.policy.MatchFacts;
import io.strata.remediator.core.policy.PolicyEvaluator;
import io.strata.remediator.core.policy.PolicyVerdict;
import io.strata.remediator.core.policy.RemediationPolicy;
import java.time.Instant;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The draft at work: each step is decided by the draft against a simulated journal that holds the
 * draft's own past (so its AUTO limits and the guards count what it would have done), and the
 * outcome is written there with a realistic history. A proposed step is decided by its person as
 * they really did; an AUTO step passes the guards (pause off, the census with nothing out of
 * service) or is refused by one; what the cluster itself answered (a failure, a changed patch) it
 * answers the draft too.
 */
final class DraftSimulation {

  /** What the draft made of one step. */
  record DraftStep(String rule, Optional<Held.Limit> held, Outcome outcome) {}

  /** Refusals the guards give; any other reason after approval is the cluster's answer. */
  private static final Set<ActionOutcomeReason> GUARD_REASONS =
      EnumSet.of(
          ActionOutcomeReason.GLOBAL_PAUSE,
          ActionOutcomeReason.DRY_RUN,
          ActionOutcomeReason.BLAST_RADIUS_LIMIT,
          ActionOutcomeReason.RATE_LIMITED);

  private static final String POLICY_PRINCIPAL = "policy";

  private final RemediationPolicy draft;
  private final IncidentRevisions revisions;
  private final ActionStore realJournal;
  private final NodeCensus census;
  private final Map<String, Map<String, String>> nodeLabels;
  private final Set<ActionType> temporaryTypes;
  private final ExecutionGuards guards;
  private final Timeline timeline;
  private final ActionStore store = new ActionStore();
  private final Map<String, Long> celErrors = new HashMap<>();

  DraftSimulation(
      RemediationPolicy draft,
      IncidentRevisions revisions,
      ActionStore realJournal,
      NodeCensus census,
      Map<String, Map<String, String>> nodeLabels,
      GuardSettings guards,
      Set<ActionType> temporaryTypes,
      Timeline timeline) {
    this.draft = draft;
    this.revisions = revisions;
    this.realJournal = realJournal;
    // Out of service as the draft left it: the journal's quarantines count, not today's cordons.
    this.census = new NodeCensus(census.names(), Set.of(), census.pools());
    this.nodeLabels = nodeLabels;
    this.temporaryTypes = Set.copyOf(temporaryTypes);
    this.guards = new ExecutionGuards(guards, new PauseSwitch(false));
    this.timeline = timeline;
  }

  /** Failed evaluations of each rule's match. */
  Map<String, Long> celErrors() {
    return celErrors;
  }

  /**
   * A record the draft did not decide (before the period, or of an unknown incident), as it was.
   */
  void background(RemediationAction record) {
    store.apply(record, null);
  }

  DraftStep decide(RealStep real, Instant at) {
    RemediationAction first = real.first();
    Incident incident =
        revisions
            .at(first.incidentId(), first.episode(), at)
            .orElseThrow(IllegalStateException::new);
    String node = AutoLimits.nodeOf(first);
    Map<String, Object> facts =
        draft.rules().isEmpty()
            ? Map.of()
            : MatchFacts.of(
                incident,
                first.type(),
                first.target(),
                node,
                node == null ? Map.of() : nodeLabels.getOrDefault(node, Map.of()),
                node == null ? "" : census.pools().getOrDefault(node, ""));
    PolicyVerdict verdict =
        PolicyEvaluator.decide(
            draft,
            facts,
            node,
            census.pools(),
            store,
            at,
            (rule, e) -> celErrors.merge(rule.name(), 1L, Long::sum));
    RemediationAction proposal = proposal(first, verdict.ref(), at);
    Outcome outcome =
        switch (verdict.mode()) {
          case OBSERVE -> {
            store.apply(
                Actions.transition(
                    proposal,
                    ActionState.OBSERVED,
                    ActionOutcomeReason.UNSPECIFIED,
                    "observed",
                    at),
                null);
            yield Outcome.OBSERVED;
          }
          case AUTO -> auto(real, proposal, at);
          default -> proposed(real, proposal, verdict.ref(), at);
        };
    return new DraftStep(verdict.ruleName(), verdict.held().map(Held::limit), outcome);
  }

  /** Proposed to a person, who does what they really did, when they did it. */
  private Outcome proposed(RealStep real, RemediationAction proposal, PolicyRef ref, Instant at) {
    store.apply(proposal, null);
    if (!real.personDecided()) {
      // Nobody was asked then: what a person would have decided is unknown.
      return Outcome.PROPOSED;
    }
    List<RemediationAction> history = real.history();
    for (RemediationAction record : history.subList(1, history.size())) {
      if (record.state() == ActionState.REVERTED) {
        continue;
      }
      timeline.at(
          Objects.requireNonNullElse(record.updatedAt(), at),
          () -> {
            store.apply(Actions.withPolicy(record, ref), null);
            if (record.state() == ActionState.EXECUTED) {
              realUndo(record.actionId()).ifPresent(when -> undoAt(record.actionId(), when));
            }
          });
    }
    return real.outcome();
  }

  /** Approved by the rule at once, then past the guards or refused by one. */
  private Outcome auto(RealStep real, RemediationAction proposal, Instant at) {
    RemediationAction approved =
        Actions.decided(
            proposal, ActionState.APPROVED, POLICY_PRINCIPAL, ApprovalChannel.POLICY, at);
    store.apply(proposal, null);
    store.apply(approved, null);
    Optional<Refusal> refusal;
    try {
      refusal = guards.check(approved, false, store, () -> census, at);
    } catch (TargetException e) {
      throw new IllegalStateException("the census is in memory", e);
    }
    if (refusal.isPresent()) {
      store.apply(
          Actions.transition(
              approved, ActionState.REFUSED, refusal.get().reason(), refusal.get().message(), at),
          null);
      return Outcome.refused(refusal.get().reason(), refusal.get().message());
    }
    Optional<RemediationAction> executing =
        real.history().stream().filter(a -> a.state() == ActionState.EXECUTING).findFirst();
    RemediationAction running =
        Actions.executing(
            approved,
            executing.map(RemediationAction::patch).orElse(approved.patch()),
            executing.map(RemediationAction::inversePatch).orElse(approved.inversePatch()),
            1,
            at);
    if (clusterAnswered(real.outcome())) {
      // The target failed, or refused the patch, when it was really tried: it would again.
      RemediationAction last = real.history().get(real.history().size() - 1);
      if (executing.isPresent()) {
        store.apply(running, null);
      }
      store.apply(
          Actions.transition(running, last.state(), last.reason(), last.message(), at), null);
      return real.outcome();
    }
    store.apply(running, null);
    store.apply(
        Actions.transition(
            running, ActionState.EXECUTED, ActionOutcomeReason.UNSPECIFIED, "applied", at),
        null);
    Optional<Instant> undo = realUndo(proposal.actionId());
    if (undo.isEmpty() && temporaryTypes.contains(proposal.type())) {
      // What a rule did on its own is undone on its own when the incident resolves.
      undo = revisions.resolvedAt(proposal.incidentId(), proposal.episode());
    }
    undo.ifPresent(when -> undoAt(proposal.actionId(), when));
    return Outcome.EXECUTED_BY_POLICY;
  }

  private static boolean clusterAnswered(Outcome real) {
    if (real.kind() == Outcome.Kind.FAILED) {
      return true;
    }
    if (real.kind() != Outcome.Kind.REFUSED) {
      return false;
    }
    String reason = real.refusal().split(":", 2)[0];
    return GUARD_REASONS.stream().noneMatch(r -> r.name().equals(reason));
  }

  /** When the real undo of the action was executed, if it was. */
  private Optional<Instant> realUndo(String actionId) {
    return realJournal.firstTime(ActionIds.undoOf(actionId), ActionState.EXECUTED);
  }

  /** Undoes the executed action at {@code when}: its undo executed, the action reverted. */
  private void undoAt(String actionId, Instant when) {
    timeline.at(
        when,
        () -> {
          Optional<RemediationAction> done = store.latest(actionId);
          Optional<ActionType> type = done.flatMap(a -> UndoTypes.undoOf(a.type()));
          if (done.isEmpty() || done.get().state() != ActionState.EXECUTED || type.isEmpty()) {
            return;
          }
          RemediationAction a = done.get();
          RemediationAction undo =
              Actions.withPolicy(
                  Actions.inEpisode(
                      Actions.proposed(
                          ActionIds.undoOf(actionId),
                          a.incidentId(),
                          a.step(),
                          type.get(),
                          a.target(),
                          a.inversePatch(),
                          a.patch(),
                          "undo of " + actionId,
                          a.maxAttempts(),
                          a.dryRun(),
                          a.correlation(),
                          when),
                      a.episode()),
                  a.policy());
          store.apply(undo, null);
          store.apply(
              Actions.transition(
                  undo, ActionState.EXECUTED, ActionOutcomeReason.UNSPECIFIED, "applied", when),
              null);
          store.apply(
              Actions.transition(
                  a, ActionState.REVERTED, ActionOutcomeReason.UNSPECIFIED, "undone", when),
              null);
        });
  }

  private static RemediationAction proposal(RemediationAction first, PolicyRef ref, Instant at) {
    String message = "step " + first.step() + ", replayed";
    if (ref.mode() == PolicyMode.OBSERVE) {
      message = "step " + first.step() + ", observed in the replay";
    }
    return Actions.withPolicy(
        Actions.inEpisode(
            Actions.proposed(
                first.actionId(),
                first.incidentId(),
                first.step(),
                first.type(),
                first.target(),
                first.patch(),
                first.inversePatch(),
                message,
                first.maxAttempts(),
                first.dryRun(),
                first.correlation(),
                at),
            first.episode()),
        ref);
  }
}
