package io.strata.remediator.teams;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.Startup;
import io.strata.events.incident.Incident;
import io.strata.events.remediation.RemediationAction;
import io.strata.loglinks.LogLinks;
import io.strata.remediator.config.RemediatorConfig;
import io.strata.remediator.core.DeadlinePolicy;
import io.strata.remediator.core.review.Notifier;
import io.strata.remediator.core.teams.AdaptiveCard;
import io.strata.remediator.core.teams.CardStyle;
import io.strata.remediator.core.teams.TeamsCards;
import io.strata.remediator.core.teams.TeamsSettingsCheck;
import io.strata.remediator.kafka.DeadLetterSender;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Typed;
import jakarta.inject.Inject;
import java.net.http.HttpClient;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * Posts plans to Teams and keeps each incident's card current: in BOT mode the plan card is
 * replaced in place (the activity id the connector returned, or the one a click named) as its
 * actions move; in WORKFLOWS mode each change is a new card with console links. In order, off the
 * caller's thread. With Teams disabled it does nothing.
 */
@ApplicationScoped
@Startup
@Typed(TeamsNotifier.class)
public class TeamsNotifier implements Notifier {

  /** Cards remembered for in-place updates; older incidents get a new card on their next change. */
  private static final int CARDS_REMEMBERED = 10_000;

  private final RemediatorConfig.Teams teams;
  private final boolean bot;
  private final CardStyle style;
  private final Optional<BotConnector> connector;
  private final Optional<WorkflowsWebhook> webhook;
  private final CardPoster poster;
  private final Map<String, String> cards =
      new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
          return size() > CARDS_REMEMBERED;
        }
      };
  private final ExecutorService posts =
      Executors.newSingleThreadExecutor(
          r -> {
            Thread t = new Thread(r, "strata-remediator-teams");
            t.setDaemon(true);
            return t;
          });

  @Inject
  public TeamsNotifier(
      RemediatorConfig config,
      MeterRegistry metrics,
      Clock clock,
      DeadLetterSender deadLetters,
      LogLinks logLinks) {
    this.teams = config.teams();
    this.bot = teams.mode() == RemediatorConfig.TeamsMode.BOT;
    List<String> problems = TeamsSettingsCheck.problems(settings(teams));
    if (!problems.isEmpty()) {
      throw new IllegalStateException(
          "Teams is enabled but misconfigured: " + String.join(" ", problems));
    }
    this.style = TeamsCardStyles.of(config, logLinks);
    HttpClient http = HttpClient.newBuilder().connectTimeout(teams.postTimeout()).build();
    boolean on = teams.enabled();
    this.connector =
        on && bot
            ? Optional.of(
                new BotConnector(
                    new BotConnector.Settings(
                        teams.tokenUrl(),
                        teams.tokenScope(),
                        teams.appId().orElseThrow(),
                        teams.appPassword().orElseThrow(),
                        teams.serviceUrl().orElseThrow(),
                        teams.conversationId().orElseThrow(),
                        teams.postTimeout()),
                    http,
                    clock))
            : Optional.empty();
    this.webhook =
        on && !bot
            ? Optional.of(
                new WorkflowsWebhook(
                    teams.workflowsWebhookUrl().orElseThrow(), http, teams.postTimeout()))
            : Optional.empty();
    String destination =
        bot ? "teams:" + teams.conversationId().orElse("") : "teams:workflows-webhook";
    this.poster =
        new CardPoster(
            teams.postAttempts(),
            teams.postBackoff(),
            metrics,
            (letter, card) ->
                deadLetters.parkUndelivered(
                    destination,
                    letter.incidentId(),
                    card.toJson().toString(),
                    letter.kind()
                        + " card, last status "
                        + letter.lastStatus()
                        + " after "
                        + letter.attempts()
                        + " attempts"));
  }

  static TeamsSettingsCheck.Settings settings(RemediatorConfig.Teams t) {
    return new TeamsSettingsCheck.Settings(
        t.enabled(),
        t.mode() == RemediatorConfig.TeamsMode.BOT,
        t.appId(),
        t.appPassword(),
        t.serviceUrl(),
        t.conversationId(),
        t.allowedApprovers(),
        t.workflowsWebhookUrl());
  }

  void onStop(@Observes ShutdownEvent event) {
    posts.shutdown();
  }

  /** How cards are drawn here (the invoke response draws the same). */
  public CardStyle style() {
    return style;
  }

  /** A click named the activity carrying an incident's card: later updates replace that one. */
  public void remember(String incidentId, String activityId) {
    synchronized (cards) {
      cards.put(incidentId, activityId);
    }
  }

  @Override
  public void planProposed(Incident incident, List<RemediationAction> actions, List<String> notes) {
    show(
        incident.incidentId(),
        "plan",
        () -> TeamsCards.plan(incident, actions, notes, null, style),
        true);
  }

  @Override
  public void actionUpdated(
      Optional<Incident> incident,
      List<RemediationAction> incidentActions,
      RemediationAction changed,
      Optional<String> responseUrl) {
    incident.ifPresent(
        i ->
            show(
                i.incidentId(),
                "update",
                () -> TeamsCards.update(i, incidentActions, changed, style),
                false));
  }

  @Override
  public void recovered(Incident incident, List<RemediationAction> undos) {
    send(
        incident.incidentId(),
        "recovered",
        () -> TeamsCards.recovered(incident, undos, style),
        true);
  }

  @Override
  public void deadlineMissed(
      Incident incident, DeadlinePolicy policy, List<RemediationAction> actions) {
    send(
        incident.incidentId(),
        "deadline",
        () -> TeamsCards.deadlineMissed(incident, policy, actions, style),
        true);
  }

  /** Dead letters kept since start (tests, troubleshooting). */
  public List<CardPoster.DeadLetter> deadLetters() {
    return poster.deadLetters();
  }

  /** The plan card: replaced in place when this incident already has one (BOT mode). */
  private void show(String incidentId, String kind, Supplier<AdaptiveCard> card, boolean fresh) {
    String known;
    synchronized (cards) {
      known = fresh ? null : cards.get(incidentId);
    }
    if (known == null || connector.isEmpty()) {
      send(incidentId, kind, card, true);
      return;
    }
    posts.execute(
        () -> poster.post(kind, incidentId, card.get(), c -> connector.get().update(known, c)));
  }

  /** A new card; {@code track}: remember its activity id as the incident's card. */
  private void send(String incidentId, String kind, Supplier<AdaptiveCard> card, boolean track) {
    if (!teams.enabled()) {
      return;
    }
    posts.execute(
        () -> {
          BotConnector.Attempt attempt =
              poster.post(
                  kind,
                  incidentId,
                  card.get(),
                  drawn ->
                      connector
                          .map(c -> c.create(drawn))
                          .orElseGet(() -> webhook.get().post(drawn)));
          if (track) {
            attempt.activityId().ifPresent(id -> remember(incidentId, id));
          }
        });
  }
}
