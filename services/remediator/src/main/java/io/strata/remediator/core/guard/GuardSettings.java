package io.strata.remediator.core.guard;

import java.time.Duration;
import java.util.Optional;

/**
 * Limits enforced before any patch; see RemediatorConfig.BlastRadius and RateLimit.
 *
 * @param gpuNodes the configured fleet size, the share's denominator a restart cannot lose; 0 when
 *     not configured
 * @param poolLabel node label whose value names a node's pool; the share limit then also applies
 *     within the target's pool
 */
public record GuardSettings(
    int maxCordonedNodes,
    int maxUnschedulablePercent,
    Duration blastRadiusWindow,
    int maxActionsPerTarget,
    Duration rateLimitWindow,
    int gpuNodes,
    Optional<String> poolLabel,
    int maxPodsOutOfTraffic,
    int maxPausedWorkloads) {

  /** Defaults of the limits added with ADR 012. */
  public static final int DEFAULT_MAX_PODS_OUT_OF_TRAFFIC = 16;

  public static final int DEFAULT_MAX_PAUSED_WORKLOADS = 8;

  /** Node limits and rate limit only; the ADR 012 limits at their defaults. */
  public GuardSettings(
      int maxCordonedNodes,
      int maxUnschedulablePercent,
      Duration blastRadiusWindow,
      int maxActionsPerTarget,
      Duration rateLimitWindow) {
    this(
        maxCordonedNodes,
        maxUnschedulablePercent,
        blastRadiusWindow,
        maxActionsPerTarget,
        rateLimitWindow,
        0,
        Optional.empty(),
        DEFAULT_MAX_PODS_OUT_OF_TRAFFIC,
        DEFAULT_MAX_PAUSED_WORKLOADS);
  }
}
