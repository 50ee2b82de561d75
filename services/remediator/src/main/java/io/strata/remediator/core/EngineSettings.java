package io.strata.remediator.core;

import io.strata.events.remediation.ActionType;
import java.time.Duration;
import java.util.Set;

/** Planning and recovery policy; see RemediatorConfig. */
public record EngineSettings(
    int maxAttempts,
    boolean dryRun,
    Set<ActionType> temporaryActions,
    UndoMode undoMode,
    Duration recoveryDeadline,
    DeadlinePolicy onDeadline) {

  public EngineSettings {
    temporaryActions = Set.copyOf(temporaryActions);
  }
}
