package io.strata.remediator.slack;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.Startup;
import io.strata.events.incident.Incident;
import io.strata.events.remediation.RemediationAction;
import io.strata.loglinks.LogLinks;
import io.strata.remediator.config.RemediatorConfig;
import io.strata.remediator.core.DeadlinePolicy;
import io.strata.remediator.core.journal.Actions;
import io.strata.remediator.core.review.Notifier;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Typed;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.jboss.logging.Logger;

/**
 * Slack's channel of the engine's notifier (config/Notifiers fans out to it and to Teams). Posts
 * plans and notices to the incoming webhook and outcomes to the clicked message's response_url, in
 * order, off the caller's thread. With Slack disabled it only logs.
 */
@ApplicationScoped
@Startup
@Typed(SlackNotifier.class)
public class SlackNotifier implements Notifier {

  private static final Logger LOG = Logger.getLogger(SlackNotifier.class);

  private final RemediatorConfig.Slack slack;
  private final SlackPoster poster;
  private final MeterRegistry metrics;
  private final LogLinks logLinks;
  private final ExecutorService posts =
      Executors.newSingleThreadExecutor(
          r -> {
            Thread t = new Thread(r, "strata-remediator-slack");
            t.setDaemon(true);
            return t;
          });

  @Inject
  public SlackNotifier(RemediatorConfig config, MeterRegistry metrics, LogLinks logLinks) {
    this.slack = config.slack();
    List<String> problems =
        SlackSettingsCheck.problems(
            slack.enabled(), slack.webhookUrl(), slack.signingSecret(), slack.allowedUsers());
    if (!problems.isEmpty()) {
      throw new IllegalStateException(
          "Slack approval is enabled but misconfigured: " + String.join(" ", problems));
    }
    this.poster = new SlackPoster(slack.postTimeout());
    this.metrics = metrics;
    this.logLinks = logLinks;
  }

  void onStop(@Observes ShutdownEvent event) {
    posts.shutdown();
  }

  @Override
  public void planProposed(Incident incident, List<RemediationAction> actions, List<String> notes) {
    toWebhook(SlackMessages.plan(incident, actions, notes, logLinks), "plan");
  }

  @Override
  public void actionUpdated(
      Optional<Incident> incident,
      List<RemediationAction> incidentActions,
      RemediationAction changed,
      Optional<String> responseUrl) {
    LOG.infof(
        "%s %s: %s %s",
        changed.actionId(), Actions.label(changed), changed.state(), changed.reason());
    if (!slack.enabled()) {
      return;
    }
    ObjectNode message =
        incident
            .map(i -> SlackMessages.replacement(i, incidentActions, changed, logLinks))
            .orElseGet(
                () ->
                    SlackMessages.ephemeral(
                        Actions.label(changed) + ": " + changed.state() + " " + changed.reason()));
    if (responseUrl.isPresent()) {
      post(responseUrl.get(), message, "update");
    } else {
      message.remove("replace_original");
      toWebhook(message, "update");
    }
  }

  @Override
  public void recovered(Incident incident, List<RemediationAction> undos) {
    toWebhook(SlackMessages.recovered(incident, undos), "recovered");
  }

  @Override
  public void deadlineMissed(
      Incident incident, DeadlinePolicy policy, List<RemediationAction> actions) {
    toWebhook(SlackMessages.deadlineMissed(incident, policy, actions), "deadline");
  }

  /** Replies to the clicking user only. */
  public void reply(String responseUrl, String text) {
    post(responseUrl, SlackMessages.ephemeral(text), "reply");
  }

  private void toWebhook(ObjectNode message, String kind) {
    LOG.infof("slack %s: %s", kind, message.path("text").asText());
    if (slack.enabled()) {
      post(slack.webhookUrl().orElseThrow(), message, kind);
    }
  }

  private void post(String url, ObjectNode message, String kind) {
    posts.execute(
        () -> {
          SlackPoster.PostOutcome outcome = poster.post(url, message);
          metrics
              .counter("strata.remediator.slack.posts", "kind", kind, "outcome", outcome.name())
              .increment();
          if (outcome != SlackPoster.PostOutcome.DELIVERED) {
            LOG.warnf("slack %s post %s", kind, outcome);
          }
        });
  }
}
