package io.strata.deviceingest.publish;

/**
 * The meter names of a publish lane, spelled out by its owner (so every metric name a service
 * registers appears literally in its source); each meter carries a {@code lane} tag.
 */
public record LaneMeterNames(
    String sent,
    String failed,
    String dropped,
    String resent,
    String buffered,
    String unacknowledged) {}
