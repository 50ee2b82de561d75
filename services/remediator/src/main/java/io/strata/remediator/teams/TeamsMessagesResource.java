package io.strata.remediator.teams;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.micrometer.core.instrument.MeterRegistry;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.RemediationAction;
import io.strata.remediator.RemediationService;
import io.strata.remediator.config.RemediatorConfig;
import io.strata.remediator.core.Decision;
import io.strata.remediator.core.RemediationEngine;
import io.strata.remediator.core.journal.ActionJournal;
import io.strata.remediator.core.patch.KubeJson;
import io.strata.remediator.core.teams.ActivityGate;
import io.strata.remediator.core.teams.ActivityReplayGuard;
import io.strata.remediator.core.teams.AdaptiveCard;
import io.strata.remediator.core.teams.BotKeys;
import io.strata.remediator.core.teams.BotTokenVerifier;
import io.strata.remediator.core.teams.InvokeResponses;
import io.strata.remediator.core.teams.TeamsCards;
import io.strata.remediator.core.teams.TeamsInvoke;
import io.strata.remediator.core.teams.TeamsProblem;
import io.strata.remediator.core.teams.TeamsRefused;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * The bot's messaging endpoint. Every activity's bearer token is verified (issuer, audience,
 * lifetime, signing key and its endorsement, serviceUrl) before its body is trusted; a replayed
 * activity id is refused; an Approve / Reject invoke from an allowed approver is decided through
 * the same service as Slack and REST (one decision per action) and answered with the updated card
 * (the Universal Actions invoke response). Every refusal is a 4xx with its reason and changes
 * nothing.
 */
@Path("/api/teams/messages")
@Singleton
public class TeamsMessagesResource {

  private static final Logger LOG = Logger.getLogger(TeamsMessagesResource.class);

  /** Accepted activities remembered against replays: far above any team's clicks per hour. */
  private static final int REMEMBERED_ACTIVITIES = 50_000;

  private final Optional<ActivityGate> gate;

  @Inject RemediationService service;
  @Inject RemediationEngine engine;
  @Inject ActionJournal journal;
  @Inject TeamsNotifier notifier;
  @Inject MeterRegistry metrics;

  @Inject
  public TeamsMessagesResource(RemediatorConfig config, Clock clock) {
    RemediatorConfig.Teams teams = config.teams();
    boolean on = teams.enabled() && teams.mode() == RemediatorConfig.TeamsMode.BOT;
    BotKeys keys =
        new BotKeys(
            teams.openidMetadataUrl(),
            new HttpFetcher(teams.postTimeout()),
            clock,
            teams.keysMaxAge(),
            teams.keyRefreshMinInterval());
    this.gate =
        on
            ? Optional.of(
                new ActivityGate(
                    new BotTokenVerifier(
                        keys, teams.appId().orElseThrow(), teams.maxClockSkew(), clock),
                    new ActivityReplayGuard(teams.maxClockSkew(), REMEMBERED_ACTIVITIES),
                    teams.allowedApprovers().orElse(Set.of()),
                    clock))
            : Optional.empty();
  }

  @POST
  @Consumes(MediaType.WILDCARD)
  public Response activity(
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, byte[] body) {
    Optional<TeamsInvoke> invoke;
    try {
      if (gate.isEmpty()) {
        throw new TeamsRefused(TeamsProblem.TEAMS_DISABLED, "Teams approvals are disabled");
      }
      invoke = gate.get().admit(authorization, body);
    } catch (TeamsRefused e) {
      LOG.warnf("refused a Teams activity: %s", e.problem());
      return refuse(e.problem().status(), e.problem().name(), e.getMessage());
    }
    if (invoke.isEmpty()) {
      count("IGNORED");
      return Response.ok().build();
    }
    return decide(invoke.get());
  }

  private Response decide(TeamsInvoke invoke) {
    Optional<RemediationAction> before = journal.store().latest(invoke.actionId());
    before.ifPresent(
        a -> invoke.cardActivityId().ifPresent(id -> notifier.remember(a.incidentId(), id)));
    Decision decision;
    try {
      decision =
          service.decide(
              RemediationService.Command.valueOf(invoke.verb().name()),
              invoke.actionId(),
              invoke.principal(),
              ApprovalChannel.TEAMS,
              invoke.patchHash(),
              Optional.empty());
    } catch (RuntimeException e) {
      LOG.errorf(e, "could not record the Teams decision on %s", invoke.actionId());
      return refuse(503, "DECISION_FAILED", "could not record the decision; try again");
    }
    count(decision.outcome().name());
    if (!decision.outcome().accepted()) {
      return Response.ok(
              json(InvokeResponses.error(400, decision.outcome().name(), decision.message())))
          .type(MediaType.APPLICATION_JSON)
          .build();
    }
    RemediationAction changed = decision.action().orElseThrow();
    List<RemediationAction> all = journal.store().forIncident(changed.incidentId());
    AdaptiveCard card =
        engine
            .incident(changed.incidentId())
            .map(i -> TeamsCards.update(i, all, changed, notifier.style()))
            .orElseGet(() -> TeamsCards.status(changed));
    return Response.ok(json(InvokeResponses.card(card))).type(MediaType.APPLICATION_JSON).build();
  }

  private Response refuse(int status, String code, String message) {
    count(code);
    return Response.status(status)
        .type(MediaType.APPLICATION_JSON)
        .entity(json(InvokeResponses.error(status, code, message)))
        .build();
  }

  private void count(String outcome) {
    metrics.counter("strata.remediator.teams.activities", "outcome", outcome).increment();
  }

  private static String json(ObjectNode node) {
    return KubeJson.write(node);
  }
}
