package io.strata.remediator.core.journal;

import io.strata.events.remediation.RemediationAction;

/**
 * Durable record of action states. {@link #record} returns only once the state is stored (published
 * to strata.remediation.v1 and acknowledged), then applies it to the store.
 */
public interface ActionJournal {

  RemediationAction record(RemediationAction action);

  ActionStore store();

  /** Signs every record this journal writes and verifies the tags of what it reads back. */
  JournalTags signer();
}
