package io.strata.traceingest.kafka;

import io.strata.events.trace.SpanSummary;
import java.util.List;
import java.util.concurrent.CompletionStage;

/** Where summaries go: completes when every one is acknowledged, fails if any is not. */
public interface SpanSink {

  CompletionStage<Void> publish(List<SpanSummary> summaries);
}
