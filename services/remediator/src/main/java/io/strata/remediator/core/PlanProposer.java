package io.strata.remediator.core;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.events.incident.Incident;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.PolicyMode;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.cluster.TargetException;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.cluster.TargetObject;
import io.strata.remediator.core.journal.ActionJournal;
import io.strata.remediator.core.journal.Actions;
import io.strata.remediator.core.patch.KubeJson;
import io.strata.remediator.core.patch.MergePatches;
import io.strata.remediator.core.patch.PatchFactory;
import io.strata.remediator.core.patch.PatchRefusal;
import io.strata.remediator.core.plan.ActionPlanner;
import io.strata.remediator.core.plan.MechanismCheck;
import io.strata.remediator.core.plan.Plan;
import io.strata.remediator.core.plan.PlannedAction;
import io.strata.remediator.core.plan.WorkloadResolver;
import io.strata.remediator.core.policy.PolicyVerdict;
import io.strata.remediator.core.review.Notifier;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * The open incident's plan, recorded as the policy says: each planned step not yet in the journal
 * is recorded PROPOSED with a preview of its patch and inverse, with the rule and mode that decided
 * it; an AUTO step is approved by the rule at once, an OBSERVE step is not recorded but named in
 * the notes. The proposal (or the plan's notes, the first time) is announced. Used by the {@link
 * RemediationEngine}, under its lock.
 */
final class PlanProposer {

  private final ActionJournal journal;
  private final ActionPlanner planner;
  private final TargetGateway gateway;
  private final PatchFactory patches;
  private final Notifier notifier;
  private final EngineSettings settings;
  private final Clock clock;
  private final PolicyGate policy;
  private final ApprovalService approvals;

  PlanProposer(
      ActionJournal journal,
      ActionPlanner planner,
      TargetGateway gateway,
      PatchFactory patches,
      Notifier notifier,
      EngineSettings settings,
      Clock clock,
      PolicyGate policy,
      ApprovalService approvals) {
    this.journal = journal;
    this.planner = planner;
    this.gateway = gateway;
    this.patches = patches;
    this.notifier = notifier;
    this.settings = settings;
    this.clock = clock;
    this.policy = policy;
    this.approvals = approvals;
  }

  /**
   * Plans the incident and records what is new of the plan.
   *
   * @param firstNotice asked only once the proposals are recorded (a failure before leaves the
   *     notes to be announced by the retry): whether this episode's notes were never announced
   * @throws TargetException when the cluster cannot be read to plan; the caller retries later
   */
  List<String> propose(Incident incident, BooleanSupplier firstNotice) throws TargetException {
    Plan plan =
        planner.plan(
            incident,
            resolverFor(incident),
            gateway::podNode,
            new MechanismCheck(gateway, patches));
    List<RemediationAction> proposed = new ArrayList<>();
    List<String> observed = new ArrayList<>();
    List<String> approved = new ArrayList<>();
    for (PlannedAction step : plan.actions()) {
      if (journal.store().latest(step.actionId()).isPresent()) {
        continue;
      }
      PolicyVerdict verdict = policy.decide(incident, step, journal.store());
      if (verdict.mode() == PolicyMode.OBSERVE) {
        // Recorded, never proposed: the review and a backtest show what Strata would have done.
        RemediationAction proposal = proposal(incident, step, verdict);
        journal.record(
            Actions.transition(
                proposal,
                ActionState.OBSERVED,
                ActionOutcomeReason.UNSPECIFIED,
                "observed by policy rule " + verdict.ruleName() + ": not proposed",
                proposal.updatedAt()));
        observed.add(
            "observed by policy rule "
                + verdict.ruleName()
                + ": step "
                + step.step()
                + " "
                + step.type()
                + " "
                + Actions.targetKey(step.target())
                + " is not proposed");
        continue;
      }
      RemediationAction recorded = journal.record(proposal(incident, step, verdict));
      if (verdict.mode() == PolicyMode.AUTO) {
        Decision decision =
            approvals.approve(
                recorded.actionId(), RemediationEngine.POLICY_PRINCIPAL, ApprovalChannel.POLICY);
        if (decision.outcome() == Decision.Outcome.APPROVED) {
          approved.add(recorded.actionId());
          recorded = decision.action().orElse(recorded);
        }
      }
      proposed.add(recorded);
    }
    boolean first = firstNotice.getAsBoolean();
    List<String> notes = new ArrayList<>(plan.notes());
    notes.addAll(observed);
    if (!proposed.isEmpty() || (first && !notes.isEmpty())) {
      notifier.planProposed(incident, proposed, notes);
    }
    return approved;
  }

  /**
   * By name first; a workload name that matches no object (the watcher may name a Knative
   * Revision's or a ReplicaSet's workload differently) falls back to the owner chain of the
   * incident's pod.
   */
  private WorkloadResolver resolverFor(Incident incident) {
    String pod = incident.correlation().pod();
    String podNamespace = incident.correlation().namespace();
    return (namespace, name) -> {
      Optional<TargetRef> byName = gateway.resolveWorkload(namespace, name);
      if (byName.isPresent() || pod == null || !namespace.equals(podNamespace)) {
        return byName;
      }
      return gateway.workloadOfPod(namespace, pod);
    };
  }

  private RemediationAction proposal(Incident incident, PlannedAction step, PolicyVerdict verdict) {
    String patch = null;
    String inverse = null;
    try {
      Optional<TargetObject> target = gateway.read(step.target());
      if (target.isPresent()) {
        ObjectNode forward = patches.forward(step.type(), target.get(), gateway);
        patch = KubeJson.write(forward);
        inverse = KubeJson.write(MergePatches.inverse(forward, target.get().body()));
      }
    } catch (TargetException | PatchRefusal e) {
      // A preview only: the executor computes the authoritative patch when it runs.
    }
    String message = "step " + step.step() + " of the " + incident.incidentClass() + " plan";
    if (verdict.mode() == PolicyMode.AUTO) {
      message += ", approved by policy rule " + verdict.ruleName();
    } else if (verdict.held().isPresent()) {
      message +=
          "; policy rule "
              + verdict.ruleName()
              + " would approve it but holds it back ("
              + verdict.held().get().limit()
              + ": "
              + verdict.held().get().message()
              + ")";
    }
    RemediationAction proposed =
        Actions.inEpisode(
            Actions.proposed(
                step.actionId(),
                incident.incidentId(),
                step.step(),
                step.type(),
                step.target(),
                patch,
                inverse,
                message,
                settings.maxAttempts(),
                settings.dryRun(),
                incident.correlation(),
                clock.instant()),
            incident.episode());
    return Actions.withPolicy(proposed, verdict.ref());
  }
}
