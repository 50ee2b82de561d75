package io.strata.remediator.mechanisms;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.remediator.core.cluster.TargetException;
import io.strata.remediator.core.cluster.TargetObject;
import io.strata.remediator.core.patch.PatchRefusal;
import java.util.Optional;

/**
 * One way of carrying out an action on one kind of object, through a field the real controller
 * honours. The forward patch is computed from the live object; so is the undo, which puts back only
 * what the forward patch set and refuses when someone else changed it since.
 */
public interface Mechanism {

  /** A one-line description for plans and docs, e.g. {@code spec.suspend on a batch/v1 Job}. */
  String describe();

  /**
   * Why this object cannot take the action (empty when it can): checked at planning, so an action
   * without a working mechanism is never proposed.
   */
  default Optional<String> unsupported(TargetObject live) {
    return Optional.empty();
  }

  /** The forward patch against {@code live}. */
  ObjectNode forward(TargetObject live, RelatedObjects related)
      throws PatchRefusal, TargetException;

  /**
   * The undo against the live object, given the forward patch and inverse recorded when the action
   * ran. By default: the recorded inverse, but only if every field the forward patch set still
   * holds the value it set (otherwise someone changed it meanwhile and the undo leaves it).
   */
  default ObjectNode undo(TargetObject live, ObjectNode forward, ObjectNode inverse)
      throws PatchRefusal {
    Leaves.requireUnchanged(forward, live.body());
    return inverse;
  }

  /** Whether the patch goes to the status subresource (pods/status). */
  default boolean statusSubresource() {
    return false;
  }
}
