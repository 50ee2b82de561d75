package io.strata.remediator.core.execute;

import io.strata.events.remediation.RemediationAction;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.journal.ActionJournal;
import java.util.Optional;

/**
 * What the executor checks before it acts on a journal record: that the remediator wrote it (its
 * Ed25519 signature, or a legacy HMAC tag while that key is configured) and that it is what the
 * planner would derive (the id from incident, episode, step, type and target; an undo on its
 * original's target, whose recorded patch is verified too). The patch itself is recomputed from the
 * live object at execution and compared there (ActionExecutor).
 */
final class ExecutionIntegrity {

  private ExecutionIntegrity() {}

  static Optional<IntegrityProblem> problem(ActionJournal journal, RemediationAction action) {
    Optional<IntegrityProblem> tag = tagProblem(journal, action);
    if (tag.isPresent()) {
      return tag;
    }
    Optional<RemediationAction> original = journal.store().undoneBy(action.actionId());
    if (original.isEmpty()) {
      String derived =
          action.target() == null
              ? null
              : ActionIds.of(
                  action.incidentId(),
                  action.episode(),
                  action.step(),
                  action.type(),
                  action.target());
      return action.actionId().equals(derived)
          ? Optional.empty()
          : Optional.of(IntegrityProblem.ID_MISMATCH);
    }
    if (action.target() == null || !action.target().equals(original.get().target())) {
      return Optional.of(IntegrityProblem.UNDO_TARGET_MISMATCH);
    }
    return tagProblem(journal, original.get()).map(p -> IntegrityProblem.ORIGINAL_UNVERIFIED);
  }

  private static Optional<IntegrityProblem> tagProblem(
      ActionJournal journal, RemediationAction action) {
    Optional<String> tag = journal.store().latestTag(action.actionId());
    if (tag.isEmpty()) {
      return Optional.of(IntegrityProblem.UNSIGNED);
    }
    return journal.signer().verify(action, tag.get()).verified()
        ? Optional.empty()
        : Optional.of(IntegrityProblem.BAD_TAG);
  }
}
