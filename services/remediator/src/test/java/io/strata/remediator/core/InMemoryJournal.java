package io.strata.remediator.core;

import io.strata.events.remediation.RemediationAction;
import io.strata.remediator.TestKeys;
import io.strata.remediator.core.journal.ActionJournal;
import io.strata.remediator.core.journal.ActionStore;
import io.strata.remediator.core.journal.JournalTags;
import java.util.ArrayList;
import java.util.List;

/** The journal without Kafka, for unit tests of the core: keeps what would be published. */
final class InMemoryJournal implements ActionJournal {

  /** The key of every core test (the %test profile's key is another). */
  static final JournalTags SIGNER = TestKeys.core();

  private final ActionStore store = new ActionStore();
  final List<RemediationAction> published = new ArrayList<>();

  @Override
  public RemediationAction record(RemediationAction action) {
    published.add(action);
    store.apply(action, SIGNER.tag(action));
    return action;
  }

  @Override
  public ActionStore store() {
    return store;
  }

  @Override
  public JournalTags signer() {
    return SIGNER;
  }
}
