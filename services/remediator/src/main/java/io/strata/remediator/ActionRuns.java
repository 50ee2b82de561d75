package io.strata.remediator;

import io.micrometer.core.instrument.MeterRegistry;
import io.strata.events.remediation.RemediationAction;
import io.strata.remediator.core.RemediationEngine;
import io.strata.remediator.core.execute.ActionExecutor;
import io.strata.remediator.core.execute.ExecutionResult;
import io.strata.remediator.core.review.Notifier;
import io.strata.remediator.kafka.KafkaActionJournal;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * Approved actions run on the remediator's one execution thread: each execution, its paced retries,
 * the refusal of a record that fails the integrity check, and what follows a finished action (its
 * announcement, and the undo a late temporary mitigation gets). Separate from {@link
 * RemediationService}, which decides when something is submitted. {@link #announce} is also called
 * on the deciding person's request thread, for a rejection or an expiry.
 */
final class ActionRuns {

  private static final Logger LOG = Logger.getLogger(ActionRuns.class);

  private final ScheduledExecutorService worker;
  private final ActionExecutor executor;
  private final KafkaActionJournal journal;
  private final RemediationEngine engine;
  private final Notifier notifier;
  private final MeterRegistry registry;
  private final Duration retryBackoff;

  ActionRuns(
      ScheduledExecutorService worker,
      ActionExecutor executor,
      KafkaActionJournal journal,
      RemediationEngine engine,
      Notifier notifier,
      MeterRegistry registry,
      Duration retryBackoff) {
    this.worker = worker;
    this.executor = executor;
    this.journal = journal;
    this.engine = engine;
    this.notifier = notifier;
    this.registry = registry;
    this.retryBackoff = retryBackoff;
  }

  void submitAll(List<String> actionIds) {
    actionIds.forEach(id -> submit(id, Optional.empty()));
  }

  /** {@code responseUrl}: where the person who approved it hears the outcome, if anywhere. */
  void submit(String actionId, Optional<String> responseUrl) {
    worker.execute(() -> run(actionId, responseUrl));
  }

  /** Tells the action's reviewers (Slack, the console's feed) what it is now. */
  void announce(RemediationAction changed, Optional<String> responseUrl) {
    notifier.actionUpdated(
        engine.incident(changed.incidentId()),
        journal.store().forIncident(changed.incidentId()),
        changed,
        responseUrl);
  }

  private void run(String actionId, Optional<String> responseUrl) {
    ExecutionResult result;
    try {
      result = executor.execute(actionId);
    } catch (RuntimeException e) {
      // The journal could not record (Kafka down): the action keeps its last recorded state and
      // is resumed at the next start; retry here too, paced like a transient failure.
      LOG.errorf(e, "executing %s failed; retrying", actionId);
      result = ExecutionResult.RETRY_LATER;
    }
    if (result == ExecutionResult.UNVERIFIED) {
      String problem = executor.verify(actionId).map(Enum::name).orElse("UNSPECIFIED");
      LOG.errorf(
          "never executing %s: its journal record fails the integrity check (%s)",
          actionId, problem);
      registry.counter("strata.remediator.integrity.refusals", "problem", problem).increment();
    } else if (result == ExecutionResult.RETRY_LATER) {
      int attempt = journal.store().latest(actionId).map(RemediationAction::attempt).orElse(1);
      long delay = retryBackoff.toMillis() * Math.max(1, attempt);
      worker.schedule(() -> run(actionId, responseUrl), delay, TimeUnit.MILLISECONDS);
    } else if (result == ExecutionResult.FINISHED) {
      journal.store().latest(actionId).ifPresent(a -> announce(a, responseUrl));
      journal.store().latest(actionId).ifPresent(a -> submitAll(engine.afterExecution(a)));
    }
  }
}
