package io.strata.remediator.kafka;

import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.strata.events.EventType;
import io.strata.events.remediation.RemediationAction;
import io.strata.remediator.core.ActionJournal;
import io.strata.remediator.core.ActionStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import org.eclipse.microprofile.reactive.messaging.Channel;

/**
 * Records action states on strata.remediation.v1 and waits for the broker's acknowledgement before
 * the state counts: the topic is the remediator's memory across restarts.
 */
@ApplicationScoped
public class KafkaActionJournal implements ActionJournal {

  private final MutinyEmitter<RemediationAction> emitter;
  private final MeterRegistry metrics;
  private final Clock clock;
  private volatile ActionStore store = new ActionStore();

  @Inject
  public KafkaActionJournal(
      @Channel("remediation-out") MutinyEmitter<RemediationAction> emitter,
      MeterRegistry metrics,
      Clock clock) {
    this.emitter = emitter;
    this.metrics = metrics;
    this.clock = clock;
  }

  @Override
  public RemediationAction record(RemediationAction action) {
    emitter.sendMessageAndAwait(
        CloudEventMessages.of(
            action, action.incidentId(), EventType.REMEDIATION_ACTION, clock.instant()));
    store.apply(action);
    metrics
        .counter(
            "strata_remediator_actions_total",
            "type",
            action.type().name(),
            "state",
            action.state().name(),
            "reason",
            action.reason().name())
        .increment();
    return action;
  }

  @Override
  public ActionStore store() {
    return store;
  }

  /** Swaps in a store rebuilt from the topic. */
  public void replaceStore(ActionStore rebuilt) {
    this.store = rebuilt;
  }
}
