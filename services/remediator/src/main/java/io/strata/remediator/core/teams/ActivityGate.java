package io.strata.remediator.core.teams;

import java.time.Clock;
import java.util.Optional;
import java.util.Set;

/**
 * Everything an activity passes before it may decide anything, in order: a bearer token at all, a
 * readable envelope, a valid Bot Framework token for it, a first presentation, and for an invoke
 * one of Strata's buttons clicked by an allowed approver. Either the click (empty for an activity
 * Strata ignores) or a {@link TeamsRefused} with its reason; nothing else escapes.
 */
public final class ActivityGate {

  private final BotTokenVerifier verifier;
  private final ActivityReplayGuard replays;
  private final Set<String> approvers;
  private final Clock clock;

  public ActivityGate(
      BotTokenVerifier verifier, ActivityReplayGuard replays, Set<String> approvers, Clock clock) {
    this.verifier = verifier;
    this.replays = replays;
    this.approvers = Set.copyOf(approvers);
    this.clock = clock;
  }

  public Optional<TeamsInvoke> admit(String authorization, byte[] body) throws TeamsRefused {
    if (authorization == null || authorization.isBlank()) {
      throw new TeamsRefused(TeamsProblem.NO_TOKEN, "no Authorization: Bearer token");
    }
    TeamsActivity activity = ActivityParser.envelope(body);
    BotTokenVerifier.BotToken token;
    try {
      token = verifier.verify(authorization, activity.channelId(), activity.serviceUrl());
    } catch (RuntimeException e) {
      // A token nimbus cannot take apart is a malformed token, not a server error.
      throw new TeamsRefused(TeamsProblem.MALFORMED_TOKEN, "the token cannot be read");
    }
    if (!replays.firstPresentation(activity.id(), token.expiresAt(), clock.instant())) {
      throw new TeamsRefused(TeamsProblem.REPLAYED, "this activity was already accepted");
    }
    if (!activity.isInvoke()) {
      return Optional.empty();
    }
    TeamsInvoke invoke = ActivityParser.invoke(activity);
    if (!approvers.contains(invoke.approver())
        && invoke.userPrincipalName().filter(approvers::contains).isEmpty()) {
      throw new TeamsRefused(
          TeamsProblem.NOT_ALLOWED_APPROVER,
          "you are not on the remediator's approver list; " + invoke.actionId() + " is unchanged");
    }
    return Optional.of(invoke);
  }
}
