package io.strata.remediator.core.guard;

import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.journal.ActionStore;
import io.strata.remediator.core.journal.Actions;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * How much PAUSE_NEW_BATCHES may hold at once (ADR 012): the distinct pods taken out of service
 * traffic (the pod-scoped pause) and the distinct workloads paused (Job, JobSet, Kueue LocalQueue),
 * counting the pauses executing or executed and not reverted. Another pause of a target already
 * counted is not a second one.
 */
final class PauseBlastRadius {

  private static final int LISTED = 5;

  private final GuardSettings settings;

  PauseBlastRadius(GuardSettings settings) {
    this.settings = settings;
  }

  Optional<Refusal> check(RemediationAction action, ActionStore store) {
    boolean pod = isPod(action.target());
    Set<String> inEffect =
        store.all().stream()
            .filter(a -> a.type() == ActionType.PAUSE_NEW_BATCHES && !a.dryRun())
            .filter(a -> a.target() != null && !a.actionId().equals(action.actionId()))
            .filter(a -> a.state() == ActionState.EXECUTING || a.state() == ActionState.EXECUTED)
            .filter(a -> isPod(a.target()) == pod)
            .map(a -> Actions.targetKey(a.target()))
            .collect(Collectors.toCollection(TreeSet::new));
    int limit = pod ? settings.maxPodsOutOfTraffic() : settings.maxPausedWorkloads();
    if (inEffect.contains(Actions.targetKey(action.target())) || inEffect.size() + 1 <= limit) {
      return Optional.empty();
    }
    String listed =
        inEffect.stream().limit(LISTED).collect(Collectors.joining(", "))
            + (inEffect.size() > LISTED ? ", …" : "");
    return NodeBlastRadius.refuse(
        pod ? BlastRadiusLimit.PODS_OUT_OF_TRAFFIC : BlastRadiusLimit.PAUSED_WORKLOADS,
        inEffect.size()
            + (pod ? " pod(s) already out of traffic (" : " workload(s) already paused (")
            + listed
            + "); the limit is "
            + limit);
  }

  private static boolean isPod(TargetRef target) {
    return target != null && TargetGateway.POD_KIND.equals(target.kind());
  }
}
