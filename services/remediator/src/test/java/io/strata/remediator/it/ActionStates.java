package io.strata.remediator.it;

import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.RemediationAction;
import io.strata.remediator.core.journal.ActionJournal;
import java.time.Duration;
import java.util.Optional;

/** Waits for an action's history in the remediator's journal to reach a state. */
final class ActionStates {

  private static final Duration WAIT = Duration.ofSeconds(30);

  private ActionStates() {}

  /** The first record of {@code actionId} in {@code state}, once there (at most 30 s). */
  static RemediationAction await(ActionJournal journal, String actionId, ActionState state) {
    return org.awaitility.Awaitility.await()
        .atMost(WAIT)
        .until(
            () ->
                journal.store().history(actionId).stream()
                    .filter(a -> a.state() == state)
                    .findFirst(),
            Optional::isPresent)
        .orElseThrow();
  }
}
