package io.strata.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.RemediationAction;
import io.strata.simulator.Simulator;
import io.strata.simulator.teams.BotReply;
import io.strata.simulator.teams.Forgery;
import io.strata.simulator.teams.PostedCards;
import io.strata.simulator.teams.TeamsStandIn;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A device incident's cordon approved from Microsoft Teams through the simulator's Bot Framework
 * stand-in (issue 47): forged invokes are refused and change nothing, the genuine click executes
 * the cordon once, its replay is refused, and the card ends showing the executed step.
 */
final class TeamsApproval {

  /** Each must be refused with 401 or 403 and a reason before anything is decided. */
  private static final List<Forgery> FORGERIES =
      List.of(
          Forgery.NO_TOKEN,
          Forgery.WRONG_KEY,
          Forgery.UNKNOWN_KEY,
          Forgery.WRONG_AUDIENCE,
          Forgery.EXPIRED);

  private final Simulator simulator;
  private final Function<String, List<RemediationAction>> latestActions;

  TeamsApproval(Simulator simulator, Function<String, List<RemediationAction>> latestActions) {
    this.simulator = simulator;
    this.latestActions = latestActions;
  }

  /** Approves the incident's proposed cordon of {@code node} from Teams; returns the action. */
  RemediationAction approveCordon(String incidentId, String node) {
    TeamsStandIn teams = simulator.teams().orElseThrow();
    RemediationAction cordon =
        await("the cordon proposed")
            .atMost(Duration.ofSeconds(60))
            .until(() -> proposedCordon(incidentId), Optional::isPresent)
            .orElseThrow();
    String actionId = cordon.actionId();
    await("the plan's card in Teams with its Approve button")
        .atMost(Duration.ofSeconds(30))
        .until(() -> teams.cards().button(actionId, "approve").isPresent());

    for (Forgery forgery : FORGERIES) {
      BotReply refused = teams.clicker().forge(actionId, "approve", forgery);
      assertThat(refused.status()).as(forgery + ": " + refused.body()).isIn(401, 403);
      assertThat(refused.body()).as(forgery + " names its reason").contains("\"code\"");
    }
    assertThat(state(incidentId, actionId))
        .as("after the forgeries")
        .isEqualTo(ActionState.PROPOSED);
    assertThat(simulator.model().status().cordonedNodes()).doesNotContain(node);
    assertThat(simulator.patchLog().applied(actionId)).as("PATCHes before the approval").isZero();

    BotReply approved = teams.clicker().click(actionId, "approve");
    assertThat(approved.status()).as(approved.body()).isEqualTo(200);
    assertThat(approved.body()).contains("\"statusCode\":200");
    BotReply replayed = teams.clicker().forge(actionId, "approve", Forgery.REPLAY);
    assertThat(replayed.status()).as(replayed.body()).isEqualTo(403);
    assertThat(replayed.body()).contains("REPLAYED");

    await("the cordon executed from Teams")
        .atMost(Duration.ofSeconds(60))
        .until(() -> simulator.model().status().cordonedNodes().contains(node));
    await("the card updated in place to the executed step")
        .atMost(Duration.ofSeconds(30))
        .until(() -> cardOf(teams, actionId).map(c -> c.contains("EXECUTED")).orElse(false));
    RemediationAction executed =
        latestActions.apply(incidentId).stream()
            .filter(a -> a.actionId().equals(actionId))
            .findFirst()
            .orElseThrow();
    assertThat(executed.approvedBy()).isEqualTo("teams:" + StrataSystem.TEAMS_APPROVER);
    assertThat(simulator.patchLog().applied(actionId))
        .as("PATCHes applied for " + actionId)
        .isEqualTo(1);
    return executed;
  }

  private Optional<RemediationAction> proposedCordon(String incidentId) {
    return latestActions.apply(incidentId).stream()
        .filter(a -> a.type() == ActionType.CORDON_NODE)
        .filter(a -> a.state() == ActionState.PROPOSED)
        .findFirst();
  }

  private ActionState state(String incidentId, String actionId) {
    return latestActions.apply(incidentId).stream()
        .filter(a -> a.actionId().equals(actionId))
        .map(RemediationAction::state)
        .findFirst()
        .orElse(ActionState.UNSPECIFIED);
  }

  /** The newest version of the card that shows the action, as JSON text. */
  private static Optional<String> cardOf(TeamsStandIn teams, String actionId) {
    return teams.cards().all().stream()
        .map(PostedCards.Card::activity)
        .map(Object::toString)
        .filter(json -> json.contains("action-" + actionId))
        .reduce((first, second) -> second);
  }
}
