package io.strata.remediator.it;

import io.strata.events.remediation.PatchHash;
import io.strata.remediator.core.teams.ActivityParser;
import io.strata.remediator.core.teams.TeamsActivity;
import io.strata.remediator.core.teams.TeamsInvoke;
import io.strata.remediator.core.teams.TeamsProblem;
import io.strata.remediator.core.teams.TeamsRefused;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Predicts the answer to one request before it is sent, in the order the endpoint checks: a token
 * at all, the envelope (the parser is the oracle of the body, as in SlackBodiesFuzzTest), the
 * token's own fault, the key's endorsement for the channel, the serviceurl claim, a first
 * presentation of the activity id, the click, the approver list, then the decision on its own model
 * of the actions (only a PROPOSED action is decided, an approval only with the shown patch's hash).
 * Answers read "status CODE": CODE a {@link TeamsProblem}, IGNORED, or a decision outcome.
 */
final class TeamsFuzzOracle {

  private final Set<String> approvers;
  private final Map<String, String> patches;
  private final Map<String, String> decided = new HashMap<>();
  private final Set<String> presented = new HashSet<>();

  /**
   * @param patches the patch of each PROPOSED action the fuzz may decide
   */
  TeamsFuzzOracle(Set<String> approvers, Map<String, String> patches) {
    this.approvers = approvers;
    this.patches = patches;
  }

  String predict(TeamsFuzzTokens.Token token, byte[] body) {
    if (token.header() == null) {
      return refused(TeamsProblem.NO_TOKEN);
    }
    TeamsActivity activity;
    try {
      activity = ActivityParser.envelope(body);
    } catch (TeamsRefused e) {
      return refused(e.problem());
    }
    if (token.fault() != null) {
      return refused(token.fault());
    }
    if (!activity.channelId().equals("msteams")) {
      return refused(TeamsProblem.MISSING_ENDORSEMENT);
    }
    if (!activity.serviceUrl().equals(token.serviceUrl())) {
      return refused(TeamsProblem.SERVICE_URL_MISMATCH);
    }
    if (!presented.add(activity.id())) {
      return refused(TeamsProblem.REPLAYED);
    }
    if (!activity.isInvoke()) {
      return "200 IGNORED";
    }
    TeamsInvoke invoke;
    try {
      invoke = ActivityParser.invoke(activity);
    } catch (TeamsRefused e) {
      return refused(e.problem());
    }
    if (!approvers.contains(invoke.approver())
        && invoke.userPrincipalName().filter(approvers::contains).isEmpty()) {
      return refused(TeamsProblem.NOT_ALLOWED_APPROVER);
    }
    return "200 " + decide(invoke);
  }

  /** The verb each action was decided with (APPROVE or REJECT). */
  Map<String, String> decided() {
    return Map.copyOf(decided);
  }

  private String decide(TeamsInvoke invoke) {
    String patch = patches.get(invoke.actionId());
    if (patch == null) {
      return "UNKNOWN_ACTION";
    }
    if (decided.containsKey(invoke.actionId())) {
      return "NOT_PENDING";
    }
    if (invoke.verb() == TeamsInvoke.Verb.APPROVE
        && !PatchHash.matches(patch, invoke.patchHash().orElseThrow())) {
      return "PATCH_CHANGED";
    }
    decided.put(invoke.actionId(), invoke.verb().name());
    return invoke.verb() == TeamsInvoke.Verb.APPROVE ? "APPROVED" : "REJECTED";
  }

  private static String refused(TeamsProblem problem) {
    return problem.status() + " " + problem.name();
  }
}
