package io.strata.remediator.core.plan;

import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.cluster.TargetException;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.cluster.TargetObject;
import io.strata.remediator.core.patch.PatchFactory;
import io.strata.remediator.mechanisms.Kinds;
import io.strata.remediator.mechanisms.WorkloadChain;
import java.util.Optional;

/**
 * The planning check against the live cluster: a mechanism exists for the kind and the object's
 * state lets it work (the pod declares the readiness gate, the Job is not suspended already, the
 * Deployment has an older revision, ...). A Job or JobSet queued through Kueue is paused by holding
 * its LocalQueue, which lets its running pods finish, rather than by suspending it.
 */
public final class MechanismCheck implements TargetCheck {

  private final TargetGateway gateway;
  private final PatchFactory patches;

  public MechanismCheck(TargetGateway gateway, PatchFactory patches) {
    this.gateway = gateway;
    this.patches = patches;
  }

  @Override
  public Choice choose(ActionType type, TargetRef target) throws TargetException {
    if (patches.mechanism(type, target).isEmpty()) {
      return Choice.none("no mechanism for a " + target.kind() + " (" + target.apiVersion() + ")");
    }
    Optional<TargetObject> live = gateway.read(target);
    if (live.isEmpty()) {
      return Choice.none("not found");
    }
    if (type == ActionType.PAUSE_NEW_BATCHES
        && (Kinds.JOB.is(target) || Kinds.JOB_SET.is(target))) {
      Optional<TargetRef> queue = WorkloadChain.localQueue(live.get().body());
      if (queue.isPresent()) {
        Optional<TargetObject> held = gateway.read(queue.get());
        if (held.isPresent()) {
          return decide(type, held.get());
        }
      }
    }
    return decide(type, live.get());
  }

  private Choice decide(ActionType type, TargetObject live) throws TargetException {
    Optional<String> why = patches.whyNot(type, live, gateway);
    return why.isPresent() ? Choice.none(why.get()) : Choice.of(live.ref());
  }
}
