package io.strata.remediator.kafka;

import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.strata.events.EventType;
import io.strata.events.remediation.RemediationAction;
import io.strata.journal.signature.JournalTag;
import io.strata.remediator.core.journal.ActionJournal;
import io.strata.remediator.core.journal.ActionStore;
import io.strata.remediator.core.journal.JournalMemory;
import io.strata.remediator.core.journal.JournalTags;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.function.Supplier;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.eclipse.microprofile.reactive.messaging.Channel;

/**
 * Records action states on strata.remediation.v1 and waits for the broker's acknowledgement before
 * the state counts: the topic is the remediator's memory across restarts. Every record carries its
 * Ed25519 signature in the {@value #INTEGRITY_HEADER} header (ADR 009, ADR 052); the value stays
 * the plain event.
 */
@ApplicationScoped
public class KafkaActionJournal implements ActionJournal {

  /**
   * The header carrying {@link JournalTags}'s tag, part of the topic's contract: the console, the
   * CLI and any consumer verify it with the published keys (docs/EVENTS.md).
   */
  public static final String INTEGRITY_HEADER = JournalTag.HEADER;

  private final MutinyEmitter<RemediationAction> emitter;
  private final MeterRegistry metrics;
  private final Clock clock;
  private final JournalTags signer;
  private final JournalMemory memory = new JournalMemory();

  @Inject
  public KafkaActionJournal(
      @Channel("remediation-out") MutinyEmitter<RemediationAction> emitter,
      MeterRegistry metrics,
      Clock clock,
      JournalTags signer) {
    this.emitter = emitter;
    this.metrics = metrics;
    this.clock = clock;
    this.signer = signer;
  }

  @Override
  public RemediationAction record(RemediationAction action) {
    String tag = signer.tag(action);
    RecordHeaders headers = new RecordHeaders();
    headers.add(INTEGRITY_HEADER, tag.getBytes(StandardCharsets.UTF_8));
    // Never while a rebuild reads the topic: the state would land in the store it replaces.
    memory.write(
        store -> {
          emitter.sendMessageAndAwait(
              CloudEventMessages.of(
                  action,
                  action.incidentId(),
                  EventType.REMEDIATION_ACTION,
                  clock.instant(),
                  headers));
          store.apply(action, tag);
        });
    metrics
        .counter(
            "strata.remediator.actions",
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
    return memory.store();
  }

  @Override
  public JournalTags signer() {
    return signer;
  }

  /**
   * Swaps in the store {@code rebuild} reads from the topic; no state is recorded meanwhile (see
   * {@link JournalMemory}).
   */
  public void rebuildStore(Supplier<ActionStore> rebuild) {
    memory.rebuild(rebuild);
  }
}
