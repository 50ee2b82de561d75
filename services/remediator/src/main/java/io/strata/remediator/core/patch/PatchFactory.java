package io.strata.remediator.core.patch;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.cluster.TargetException;
import io.strata.remediator.core.cluster.TargetObject;
import io.strata.remediator.mechanisms.Mechanism;
import io.strata.remediator.mechanisms.Mechanisms;
import io.strata.remediator.mechanisms.PatchShapes;
import io.strata.remediator.mechanisms.RelatedObjects;
import java.util.Optional;

/**
 * The forward patch of an action and the patch of its undo, each computed from the live object and
 * checked against the fields of the version it was read at ({@link PatchShapes}).
 */
public final class PatchFactory {

  private final Mechanisms mechanisms;

  public PatchFactory(PatchSettings settings) {
    this.mechanisms = new Mechanisms(settings);
  }

  public Optional<Mechanism> mechanism(ActionType type, TargetRef target) {
    return mechanisms.find(type, target);
  }

  public ObjectNode forward(ActionType type, TargetObject target, RelatedObjects related)
      throws PatchRefusal, TargetException {
    return fitted(target, require(type, target.ref()).forward(target, related));
  }

  /**
   * The undo of an action of {@code originalType}, from the live object and the forward patch and
   * inverse recorded when it ran.
   */
  public ObjectNode undo(
      ActionType originalType, TargetObject target, ObjectNode forward, ObjectNode inverse)
      throws PatchRefusal {
    return fitted(target, require(originalType, target.ref()).undo(target, forward, inverse));
  }

  /**
   * Why the action cannot run against {@code target}, empty when it can: no mechanism for the kind,
   * the object's own state, or the forward patch itself refusing (say, nothing to roll back to).
   */
  public Optional<String> whyNot(ActionType type, TargetObject target, RelatedObjects related)
      throws TargetException {
    Optional<Mechanism> mechanism = mechanisms.find(type, target.ref());
    if (mechanism.isEmpty()) {
      return Optional.of("no mechanism for a " + target.ref().kind());
    }
    Optional<String> unsupported = mechanism.get().unsupported(target);
    if (unsupported.isPresent()) {
      return unsupported;
    }
    try {
      return PatchShapes.misfit(target.ref(), mechanism.get().forward(target, related));
    } catch (PatchRefusal e) {
      return Optional.of(e.getMessage());
    }
  }

  private static ObjectNode fitted(TargetObject target, ObjectNode patch) throws PatchRefusal {
    Optional<String> misfit = PatchShapes.misfit(target.ref(), patch);
    if (misfit.isPresent()) {
      throw new PatchRefusal(ActionOutcomeReason.PERMANENT_API_ERROR, misfit.get());
    }
    return patch;
  }

  private Mechanism require(ActionType type, TargetRef target) throws PatchRefusal {
    return mechanisms
        .find(type, target)
        .orElseThrow(
            () ->
                new PatchRefusal(
                    ActionOutcomeReason.PERMANENT_API_ERROR,
                    type + " has no mechanism for a " + target.apiVersion() + " " + target.kind()));
  }
}
