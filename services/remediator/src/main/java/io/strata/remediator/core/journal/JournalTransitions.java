package io.strata.remediator.core.journal;

import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.RemediationAction;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The order in which the remediator itself writes an action's states. A record read back that does
 * not follow from the action's latest state is a replay (a genuine, signed record produced again
 * later, say an old APPROVED after the EXECUTED): the rebuild drops it instead of letting it reopen
 * a finished action.
 */
public final class JournalTransitions {

  private static final Map<ActionState, Set<ActionState>> NEXT =
      Map.of(
          ActionState.PROPOSED,
              EnumSet.of(ActionState.APPROVED, ActionState.REJECTED, ActionState.REFUSED),
          ActionState.APPROVED,
              EnumSet.of(
                  ActionState.EXECUTING,
                  ActionState.EXECUTED,
                  ActionState.FAILED,
                  ActionState.REFUSED),
          ActionState.EXECUTING,
              EnumSet.of(
                  ActionState.EXECUTING,
                  ActionState.EXECUTED,
                  ActionState.FAILED,
                  ActionState.REFUSED),
          ActionState.EXECUTED, EnumSet.of(ActionState.REVERTED));

  private JournalTransitions() {}

  /**
   * Whether {@code next} may follow {@code latest} (an action's first record is PROPOSED, or
   * OBSERVED, which nothing follows).
   */
  public static boolean follows(Optional<RemediationAction> latest, RemediationAction next) {
    if (latest.isEmpty()) {
      return next.state() == ActionState.PROPOSED || next.state() == ActionState.OBSERVED;
    }
    if (latest.get().equals(next)) {
      // The same record twice (a producer retry before idempotence existed) changes nothing.
      return true;
    }
    return NEXT.getOrDefault(latest.get().state(), Set.of()).contains(next.state());
  }
}
