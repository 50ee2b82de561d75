package io.strata.remediator.slack;

import io.micrometer.core.instrument.MeterRegistry;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.remediator.RemediationService;
import io.strata.remediator.config.RemediatorConfig;
import io.strata.remediator.core.Decision;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.jboss.logging.Logger;

/**
 * Slack's interactivity request URL. Verifies the signature over the raw body before anything else,
 * checks the allow-list, records the decision, and answers at once: execution and the message
 * update happen afterwards, so Slack's 3-second limit holds.
 */
@Path("/slack/interactions")
@Singleton
public class SlackInteractionsResource {

  private static final Logger LOG = Logger.getLogger(SlackInteractionsResource.class);

  /**
   * Accepted requests remembered against replays: far above any on-call team's clicks in 10 min.
   */
  private static final int REMEMBERED_REQUESTS = 50_000;

  private final RemediatorConfig.Slack slack;
  private final Optional<SlackSignatureVerifier> verifier;
  private final SlackReplayGuard replays;
  private final Set<String> allowedUsers;
  private final ExecutorService decisions =
      Executors.newSingleThreadExecutor(
          r -> {
            Thread t = new Thread(r, "strata-remediator-slack-decisions");
            t.setDaemon(true);
            return t;
          });

  @Inject RemediationService service;
  @Inject SlackNotifier notifier;
  @Inject MeterRegistry metrics;
  @Inject Clock clock;

  @Inject
  public SlackInteractionsResource(RemediatorConfig config) {
    this.slack = config.slack();
    this.verifier =
        slack.enabled()
            ? Optional.of(
                new SlackSignatureVerifier(
                    slack.signingSecret().orElseThrow(), slack.maxClockSkew()))
            : Optional.empty();
    this.replays = new SlackReplayGuard(slack.maxClockSkew(), REMEMBERED_REQUESTS);
    this.allowedUsers = slack.allowedUsers().orElse(Set.of());
  }

  @POST
  @Consumes(MediaType.WILDCARD)
  public Response interact(
      @HeaderParam("X-Slack-Request-Timestamp") String timestamp,
      @HeaderParam("X-Slack-Signature") String signature,
      byte[] body) {
    if (verifier.isEmpty()) {
      return outcome(Response.Status.NOT_FOUND, "slack approvals are disabled");
    }
    Instant now = clock.instant();
    SignatureCheck check = verifier.get().verify(timestamp, signature, body, now);
    if (check == SignatureCheck.VALID
        && !replays.firstPresentation(signature, Long.parseLong(timestamp.trim()), now)) {
      check = SignatureCheck.REPLAYED;
    }
    if (check != SignatureCheck.VALID) {
      LOG.warnf("rejected a Slack request: %s", check);
      return outcome(Response.Status.UNAUTHORIZED, check.name());
    }
    SlackInteraction interaction;
    try {
      interaction = SlackInteractionParser.parse(body);
    } catch (InteractionParseException e) {
      return outcome(Response.Status.BAD_REQUEST, e.problem().name() + ": " + e.getMessage());
    }
    if (!allowedUsers.contains(interaction.userId())) {
      LOG.warnf(
          "Slack user %s is not allowed to decide %s",
          interaction.userId(), interaction.actionId());
      if (interaction.responseUrl() != null) {
        notifier.reply(
            interaction.responseUrl(),
            "You are not on the remediator's approver list; "
                + interaction.actionId()
                + " is unchanged.");
      }
      metrics
          .counter("strata.remediator.slack.interactions", "outcome", "NOT_ALLOWED_APPROVER")
          .increment();
      return Response.ok().build();
    }
    decisions.execute(() -> decide(interaction));
    metrics.counter("strata.remediator.slack.interactions", "outcome", "ACCEPTED").increment();
    return Response.ok().build();
  }

  private void decide(SlackInteraction interaction) {
    RemediationService.Command command =
        RemediationService.Command.valueOf(interaction.command().name());
    try {
      Decision decision =
          service.decide(
              command,
              interaction.actionId(),
              interaction.userId(),
              ApprovalChannel.SLACK,
              Optional.ofNullable(interaction.patchHash()),
              Optional.ofNullable(interaction.responseUrl()));
      if (!decision.outcome().accepted() && interaction.responseUrl() != null) {
        notifier.reply(interaction.responseUrl(), decision.message());
      }
    } catch (RuntimeException e) {
      LOG.errorf(e, "could not record the Slack decision on %s", interaction.actionId());
      if (interaction.responseUrl() != null) {
        notifier.reply(interaction.responseUrl(), "Could not record the decision; try again.");
      }
    }
  }

  private Response outcome(Response.Status status, String reason) {
    metrics.counter("strata.remediator.slack.interactions", "outcome", status.name()).increment();
    return Response.status(status).type(MediaType.TEXT_PLAIN).entity(reason).build();
  }
}
