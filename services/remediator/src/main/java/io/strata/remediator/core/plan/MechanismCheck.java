package io.strata.remediator.core.plan;

import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.cluster.TargetException;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.cluster.TargetObject;
import io.strata.remediator.core.journal.Actions;
import io.strata.remediator.core.patch.PatchFactory;
import io.strata.remediator.mechanisms.Kinds;
import io.strata.remediator.mechanisms.WorkloadChain;
import java.util.Optional;

/**
 * The planning check against the live cluster: a mechanism exists for the kind, the cluster serves
 * the kind at a version Strata knows (else the note names the {@code UnservedReason}), and the
 * object's state lets the mechanism work (the pod declares the readiness gate, the Job is not
 * suspended already, the Deployment has an older revision, ...). A Job or JobSet queued through
 * Kueue is paused by holding its LocalQueue, which lets its running pods finish; it is never
 * suspended instead, which would stop them (and Kueue owns its suspend field).
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
    Optional<TargetObject> live;
    try {
      live = gateway.read(target);
    } catch (TargetException e) {
      return unserved(e, "");
    }
    if (live.isEmpty()) {
      return Choice.none("not found");
    }
    if (type == ActionType.PAUSE_NEW_BATCHES
        && (Kinds.JOB.is(target) || Kinds.JOB_SET.is(target))) {
      Optional<TargetRef> queue = WorkloadChain.localQueue(live.get().body());
      if (queue.isPresent()) {
        return holdQueue(type, queue.get());
      }
    }
    return decide(type, live.get());
  }

  private Choice holdQueue(ActionType type, TargetRef queue) throws TargetException {
    String queued = "is queued in Kueue LocalQueue " + Actions.targetKey(queue);
    Optional<TargetObject> held;
    try {
      held = gateway.read(queue);
    } catch (TargetException e) {
      return unserved(e, queued + ", which cannot be held: ");
    }
    if (held.isEmpty()) {
      return Choice.none(queued + ", which does not exist; it is not suspended instead");
    }
    return decide(type, held.get());
  }

  /** A kind not served becomes the note's reason; any other failure stops the planning. */
  private static Choice unserved(TargetException e, String context) throws TargetException {
    if (e.unserved().isEmpty()) {
      throw e;
    }
    return Choice.none(
        context + e.getMessage() + (context.isEmpty() ? "" : "; it is not suspended instead"));
  }

  private Choice decide(ActionType type, TargetObject live) throws TargetException {
    Optional<String> why = patches.whyNot(type, live, gateway);
    return why.isPresent() ? Choice.none(why.get()) : Choice.of(live.ref());
  }
}
