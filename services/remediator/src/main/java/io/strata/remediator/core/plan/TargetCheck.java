package io.strata.remediator.core.plan;

import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.cluster.TargetException;
import java.util.Optional;

/**
 * Decides at planning whether an action has a real mechanism on its target: the target to address
 * (sometimes another object, such as the Kueue LocalQueue of a queued Job), or why there is none,
 * which the plan's notes carry instead of a proposal.
 */
@FunctionalInterface
public interface TargetCheck {

  Choice choose(ActionType type, TargetRef target) throws TargetException;

  /** Every target accepted as it is (planning tests that do not involve the cluster). */
  TargetCheck ANY = (type, target) -> Choice.of(target);

  /** The target to act on, or why the action is not proposed. */
  record Choice(Optional<TargetRef> target, String whyNot) {
    public static Choice of(TargetRef target) {
      return new Choice(Optional.of(target), null);
    }

    public static Choice none(String whyNot) {
      return new Choice(Optional.empty(), whyNot);
    }
  }
}
