package io.strata.remediator.core;

import io.strata.events.remediation.RemediationAction;
import java.util.ArrayList;
import java.util.List;

/** The journal without Kafka, for unit tests of the core: keeps what would be published. */
final class InMemoryJournal implements ActionJournal {

  private final ActionStore store = new ActionStore();
  final List<RemediationAction> published = new ArrayList<>();

  @Override
  public RemediationAction record(RemediationAction action) {
    published.add(action);
    store.apply(action);
    return action;
  }

  @Override
  public ActionStore store() {
    return store;
  }
}
