package io.strata.remediator.core.guard;

/**
 * Which blast-radius limit refused an action. The refusal's reason stays {@code BLAST_RADIUS_LIMIT}
 * (the event contract); its message starts with this name (ADR 012).
 */
public enum BlastRadiusLimit {
  /** More distinct nodes than {@code max-nodes} started quarantining within the window. */
  NODES_IN_WINDOW,
  /** No GPU node matches the selector and no fleet size is configured: nothing to divide by. */
  NO_GPU_NODES,
  /** The share of GPU nodes out of service would exceed {@code max-percent}. */
  NODE_SHARE,
  /** The same within the target's pool ({@code pool-label}). */
  POOL_SHARE,
  /** More pods out of service traffic at once than {@code max-pods-out-of-traffic}. */
  PODS_OUT_OF_TRAFFIC,
  /** More workloads paused at once than {@code max-paused-workloads}. */
  PAUSED_WORKLOADS
}
