package io.strata.correlator.core.request;

/**
 * An assembled request with the time it completed at: its latest span's timestamp. A batch of
 * requests carries each one's own time, since the windows a request lands in are chosen by it.
 */
public record TimedTrace(AssembledTrace trace, long timestamp) {}
