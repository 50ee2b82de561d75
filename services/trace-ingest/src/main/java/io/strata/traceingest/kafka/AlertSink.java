package io.strata.traceingest.kafka;

import io.strata.events.alert.AlertEvent;
import java.util.List;
import java.util.concurrent.CompletionStage;

/** Where alert events go: completes when every one is acknowledged, fails if any is not. */
public interface AlertSink {

  CompletionStage<Void> publish(List<AlertEvent> events);
}
