package io.strata.remediator.core.guard;

import io.strata.events.remediation.ActionOutcomeReason;

/** Why a guard stopped an action. */
public record Refusal(ActionOutcomeReason reason, String message) {}
