package io.strata.remediator.pagerduty;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.Startup;
import io.strata.events.incident.Incident;
import io.strata.events.remediation.RemediationAction;
import io.strata.loglinks.LogLinks;
import io.strata.remediator.config.RemediatorConfig;
import io.strata.remediator.core.DeadlinePolicy;
import io.strata.remediator.core.pagerduty.Delivery;
import io.strata.remediator.core.pagerduty.EventAction;
import io.strata.remediator.core.pagerduty.EventSender;
import io.strata.remediator.core.pagerduty.PageTransitions;
import io.strata.remediator.core.pagerduty.PagerDutyEvent;
import io.strata.remediator.core.pagerduty.PagerDutyEvents;
import io.strata.remediator.core.pagerduty.PagerDutySettingsCheck;
import io.strata.remediator.core.patch.KubeJson;
import io.strata.remediator.core.review.Notifier;
import io.strata.remediator.kafka.DeadLetterSender;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Typed;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import org.jboss.logging.Logger;

/**
 * PagerDuty's channel of the engine's notifier: each incident revision becomes the Events API v2
 * events {@link PageTransitions} decides, sent in order on one thread of its own (never the
 * engine's) with retries, and dead-lettered on strata.deadletter.v1 as NOTIFICATION_UNDELIVERED
 * (origin {@code pagerduty:events}, the routing key redacted) when not delivered. Plans and action
 * changes are for chat, not for the pager. With PagerDuty disabled it does nothing.
 */
@ApplicationScoped
@Startup
@Typed(PagerDutyNotifier.class)
public class PagerDutyNotifier implements Notifier {

  static final String DESTINATION = "pagerduty:events";

  /** Incidents whose sent events are remembered (the rest count as never seen). */
  private static final int INCIDENTS_REMEMBERED = 10_000;

  /** Dead letters kept in memory for the tests and troubleshooting. */
  private static final int DEAD_LETTERS_KEPT = 100;

  private static final Logger LOG = Logger.getLogger(PagerDutyNotifier.class);

  /** An event that was not delivered. */
  public record DeadLetter(String incidentId, EventAction action, Delivery last, int attempts) {}

  private final Clock clock;
  private final MeterRegistry metrics;
  private final PageTransitions transitions;
  private final PagerDutyEvents events;
  private final Optional<EventSender> sender;
  private final Deque<DeadLetter> deadLetters = new ArrayDeque<>();
  private final ExecutorService posts =
      Executors.newSingleThreadExecutor(
          r -> {
            Thread t = new Thread(r, "strata-remediator-pagerduty");
            t.setDaemon(true);
            return t;
          });

  @Inject
  public PagerDutyNotifier(
      RemediatorConfig config,
      MeterRegistry metrics,
      Clock clock,
      DeadLetterSender deadLetterSender,
      LogLinks logLinks) {
    RemediatorConfig.PagerDuty pd = config.pagerduty();
    List<String> problems =
        PagerDutySettingsCheck.problems(
            new PagerDutySettingsCheck.Settings(
                pd.enabled(), pd.eventsUrl(), pd.routingKey(), pd.minSeverity()));
    if (!problems.isEmpty()) {
      throw new IllegalStateException(
          "PagerDuty is enabled but misconfigured: " + String.join(" ", problems));
    }
    this.clock = clock;
    this.metrics = metrics;
    this.transitions =
        new PageTransitions(pd.minSeverity(), pd.replayWindow(), INCIDENTS_REMEMBERED);
    Optional<String> consoleUrl = pd.consoleUrl().or(() -> config.teams().consoleUrl());
    this.events = new PagerDutyEvents(pd.routingKey().orElse(""), consoleUrl, logLinks);
    this.sender =
        pd.enabled()
            ? Optional.of(
                new EventSender(
                    pd.attempts(),
                    pd.backoff(),
                    new EventsApiClient(pd.eventsUrl(), pd.timeout()),
                    PagerDutyNotifier::sleep,
                    (event, last, attempts) -> park(deadLetterSender, event, last, attempts)))
            : Optional.empty();
  }

  void onStop(@Observes ShutdownEvent event) {
    posts.shutdown();
  }

  @Override
  public void incidentChanged(Incident incident) {
    if (sender.isEmpty()) {
      return;
    }
    for (EventAction action : transitions.next(incident, clock.instant())) {
      PagerDutyEvent event = events.of(incident, action);
      try {
        posts.execute(() -> send(event));
      } catch (RejectedExecutionException e) {
        LOG.warnf("pagerduty %s for %s not sent: shutting down", action, incident.incidentId());
      }
    }
  }

  @Override
  public void planProposed(Incident incident, List<RemediationAction> actions, List<String> notes) {
    // Plans are decided in chat and the console; the pager only follows the incident.
  }

  @Override
  public void actionUpdated(
      Optional<Incident> incident,
      List<RemediationAction> incidentActions,
      RemediationAction changed,
      Optional<String> responseUrl) {}

  @Override
  public void recovered(Incident incident, List<RemediationAction> undos) {}

  @Override
  public void deadlineMissed(
      Incident incident, DeadlinePolicy policy, List<RemediationAction> actions) {}

  /** Dead letters kept since start, oldest first (tests, troubleshooting). */
  public List<DeadLetter> deadLetters() {
    synchronized (deadLetters) {
      return List.copyOf(deadLetters);
    }
  }

  private void send(PagerDutyEvent event) {
    EventSender.Sent sent = sender.orElseThrow().send(event);
    metrics
        .counter(
            "strata.remediator.pagerduty.events",
            "action",
            event.action().name(),
            "outcome",
            sent.last().delivered() ? "DELIVERED" : "DEAD_LETTERED",
            "reason",
            sent.last().reason().name())
        .increment();
  }

  private void park(DeadLetterSender sender, PagerDutyEvent event, Delivery last, int attempts) {
    LOG.errorf(
        "pagerduty %s for %s dead-lettered: %s (HTTP %d) after %d attempt(s): %s",
        event.action(), event.dedupKey(), last.reason(), last.status(), attempts, last.detail());
    sender.parkUndelivered(
        DESTINATION,
        event.dedupKey(),
        KubeJson.write(event.toRedactedJson()),
        event.action().wire()
            + " event, "
            + last.reason()
            + " (HTTP "
            + last.status()
            + ") after "
            + attempts
            + " attempt(s): "
            + last.detail());
    synchronized (deadLetters) {
      deadLetters.addLast(new DeadLetter(event.dedupKey(), event.action(), last, attempts));
      if (deadLetters.size() > DEAD_LETTERS_KEPT) {
        deadLetters.removeFirst();
      }
    }
  }

  private static boolean sleep(Duration wait) {
    try {
      Thread.sleep(wait.toMillis());
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
