package io.strata.remediator.core;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.events.incident.Incident;
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
import io.strata.remediator.core.review.Notifier;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * The open incident's plan, recorded as proposals: each planned step not yet in the journal is
 * recorded PROPOSED with a preview of its patch and inverse, and the proposal (or the plan's notes,
 * the first time) is announced. Used by the {@link RemediationEngine}, under its lock.
 */
final class PlanProposer {

  private final ActionJournal journal;
  private final ActionPlanner planner;
  private final TargetGateway gateway;
  private final PatchFactory patches;
  private final Notifier notifier;
  private final EngineSettings settings;
  private final Clock clock;

  PlanProposer(
      ActionJournal journal,
      ActionPlanner planner,
      TargetGateway gateway,
      PatchFactory patches,
      Notifier notifier,
      EngineSettings settings,
      Clock clock) {
    this.journal = journal;
    this.planner = planner;
    this.gateway = gateway;
    this.patches = patches;
    this.notifier = notifier;
    this.settings = settings;
    this.clock = clock;
  }

  /**
   * Plans the incident and records what is new of the plan.
   *
   * @param firstNotice asked only once the proposals are recorded (a failure before leaves the
   *     notes to be announced by the retry): whether this episode's notes were never announced
   * @throws TargetException when the cluster cannot be read to plan; the caller retries later
   */
  void propose(Incident incident, BooleanSupplier firstNotice) throws TargetException {
    Plan plan =
        planner.plan(
            incident,
            resolverFor(incident),
            gateway::podNode,
            new MechanismCheck(gateway, patches));
    List<RemediationAction> proposed = new ArrayList<>();
    for (PlannedAction step : plan.actions()) {
      if (journal.store().latest(step.actionId()).isEmpty()) {
        proposed.add(journal.record(proposal(incident, step)));
      }
    }
    boolean first = firstNotice.getAsBoolean();
    if (!proposed.isEmpty() || (first && !plan.notes().isEmpty())) {
      notifier.planProposed(incident, proposed, plan.notes());
    }
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

  private RemediationAction proposal(Incident incident, PlannedAction step) {
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
    return Actions.inEpisode(
        Actions.proposed(
            step.actionId(),
            incident.incidentId(),
            step.step(),
            step.type(),
            step.target(),
            patch,
            inverse,
            "step " + step.step() + " of the " + incident.incidentClass() + " plan",
            settings.maxAttempts(),
            settings.dryRun(),
            incident.correlation(),
            clock.instant()),
        incident.episode());
  }
}
