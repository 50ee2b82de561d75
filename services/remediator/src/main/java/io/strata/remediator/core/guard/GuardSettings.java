package io.strata.remediator.core.guard;

import java.time.Duration;

/** Limits enforced before any patch; see RemediatorConfig.BlastRadius and RateLimit. */
public record GuardSettings(
    int maxCordonedNodes,
    int maxUnschedulablePercent,
    Duration blastRadiusWindow,
    int maxActionsPerTarget,
    Duration rateLimitWindow) {}
