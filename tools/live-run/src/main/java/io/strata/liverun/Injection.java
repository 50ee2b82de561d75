package io.strata.liverun;

/**
 * One XID 79 injected on the simulator and what became of it.
 *
 * @param latencyMillis injection (just before the control call) → first read of the incident on
 *     strata.incidents.v1 naming the node; null when none came within the wait
 */
record Injection(
    int number,
    long atElapsedSeconds,
    String gpuUuid,
    String node,
    String incidentId,
    Long latencyMillis) {}
