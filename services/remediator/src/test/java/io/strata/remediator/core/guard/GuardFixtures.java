package io.strata.remediator.core.guard;

import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.RemediationAction;
import io.strata.remediator.core.journal.ActionStore;
import io.strata.remediator.core.journal.Actions;
import java.time.Instant;

/** Actions the guards count, written straight into an action store. */
final class GuardFixtures {

  static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");

  private GuardFixtures() {}

  /** The proposal, its first execution attempt and its success, all at T0. */
  static void executed(ActionStore store, RemediationAction proposed) {
    store.apply(proposed, "tag");
    store.apply(
        Actions.transition(
            proposed, ActionState.EXECUTING, ActionOutcomeReason.UNSPECIFIED, "attempt 1", T0),
        "tag");
    store.apply(
        Actions.transition(
            proposed, ActionState.EXECUTED, ActionOutcomeReason.UNSPECIFIED, "executed", T0),
        "tag");
  }
}
