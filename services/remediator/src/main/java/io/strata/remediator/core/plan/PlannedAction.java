package io.strata.remediator.core.plan;

import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.TargetRef;

/** One step of a plan against one target, before it is recorded. */
public record PlannedAction(String actionId, int step, ActionType type, TargetRef target) {}
