package io.strata.remediator.it;

import io.strata.events.remediation.PatchHash;
import io.strata.remediator.core.journal.ActionJournal;

/** What an approver is shown: the SHA-256 of the action's current patch, sent with an approval. */
final class Shown {

  private Shown() {}

  static String patchHash(ActionJournal journal, String actionId) {
    return PatchHash.of(journal.store().latest(actionId).orElseThrow().patch());
  }
}
