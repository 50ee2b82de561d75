package io.strata.traceingest.stages;

import io.strata.events.trace.Stage;

/**
 * A stage measured by a server and reported as an attribute of one span, placed on that span's time
 * axis.
 *
 * @param offsetNanos start, relative to the span's start
 */
public record DerivedStage(String name, Stage stage, long offsetNanos, long durationNanos) {}
