package io.strata.remediator.core.plan;

import java.util.List;

/**
 * What to do about an incident: patching actions, and notes for steps that patch nothing (notify
 * the owner, report capacity) or targets that could not be resolved.
 */
public record Plan(List<PlannedAction> actions, List<String> notes) {

  public Plan {
    actions = List.copyOf(actions);
    notes = List.copyOf(notes);
  }
}
