package io.strata.correlator.core.request;

/**
 * A trace still being assembled, as the trace-parts store keeps it.
 *
 * @param lastSeenStreamTime the partition's stream time when its latest span arrived: the trace is
 *     complete once stream time passed this by the inactivity gap plus grace
 * @param lastSpanTimestamp the latest span's record timestamp, which the assembled request keeps
 */
public record OpenTrace(TraceAccumulator trace, long lastSeenStreamTime, long lastSpanTimestamp) {}
