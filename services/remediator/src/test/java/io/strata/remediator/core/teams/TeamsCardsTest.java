package io.strata.remediator.core.teams;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.events.Correlation;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.PatchHash;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import io.strata.loglinks.LogLinks;
import io.strata.remediator.core.journal.Actions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TeamsCardsTest {

  private static final String PATCH = "{\"spec\":{\"unschedulable\":true}}";
  private static final CardStyle BOT =
      new CardStyle(
          CardStyle.Buttons.EXECUTE,
          Optional.of("https://strata.example/"),
          List.of("Blast radius: at most 1 node(s)."),
          LogLinks.none());

  private static RemediationAction cordon() {
    return Actions.proposed(
        "act-1",
        "inc-teams-1",
        1,
        ActionType.CORDON_NODE,
        new TargetRef("v1", "Node", null, "gpu-node-7"),
        PATCH,
        "{\"spec\":{\"unschedulable\":null}}",
        "m",
        3,
        false,
        Correlation.empty(),
        TeamsFixtures.T0);
  }

  @Test
  void thePlanIsAnAdaptiveCard15WithTheExactPatchAndExecuteButtonsBoundToItsHash()
      throws Exception {
    JsonNode card =
        TeamsCards.plan(TeamsFixtures.xid79(), List.of(cordon()), List.of("note"), null, BOT)
            .toJson();

    assertThat(card.path("type").asText()).isEqualTo("AdaptiveCard");
    assertThat(card.path("version").asText()).isEqualTo("1.5");
    assertThat(card.path("$schema").asText())
        .isEqualTo("http://adaptivecards.io/schemas/adaptive-card.json");
    assertThat(card.path("body").get(0).path("text").asText())
        .isEqualTo("CRITICAL DEVICE_FAULT inc-teams-1: XID 79 on gpu-node-7");
    JsonNode part = find(card, "action-act-1");
    assertThat(part.path("items").get(0).path("text").asText())
        .startsWith("Step 1 ")
        .contains("PROPOSED");
    assertThat(part.path("items").get(1).path("text").asText()).isEqualTo(PATCH);
    assertThat(part.path("items").get(1).path("fontType").asText()).isEqualTo("Monospace");
    JsonNode buttons = part.path("items").get(2).path("actions");
    assertThat(buttons.get(0))
        .isEqualTo(
            new ObjectMapper()
                .readTree(
                    "{\"type\":\"Action.Execute\",\"title\":\"Approve\",\"verb\":\"approve\","
                        + "\"style\":\"positive\",\"data\":{\"action_id\":\"act-1\",\"patch_sha256\":\""
                        + PatchHash.of(PATCH)
                        + "\"}}"));
    assertThat(buttons.get(1).path("verb").asText()).isEqualTo("reject");
    assertThat(buttons.get(1).path("data").path("action_id").asText()).isEqualTo("act-1");
    assertThat(card.path("actions").get(0).path("type").asText()).isEqualTo("Action.OpenUrl");
    assertThat(card.path("actions").get(0).path("url").asText())
        .isEqualTo("https://strata.example/incident.html?id=inc-teams-1");
    assertThat(card.toString())
        .contains("Guards on every execution", "Blast radius: at most 1 node(s).", "note");
  }

  @Test
  void anUpdateShowsWhoApprovedAndNoButtonsAnyMore() {
    RemediationAction approved =
        Actions.decided(
            cordon(), ActionState.APPROVED, "teams:aad-1", ApprovalChannel.TEAMS, TeamsFixtures.T0);
    JsonNode card =
        TeamsCards.update(TeamsFixtures.xid79(), List.of(approved), approved, BOT).toJson();

    assertThat(card.path("body").get(1).path("text").asText())
        .isEqualTo("CORDON_NODE Node gpu-node-7: APPROVED · by teams:aad-1");
    assertThat(find(card, "action-act-1").path("items").size()).isEqualTo(2);
    assertThat(card.toString()).doesNotContain("Action.Execute");
  }

  @Test
  void workflowsCardsLinkToTheConsoleInsteadOfExecuting() {
    CardStyle links =
        new CardStyle(
            CardStyle.Buttons.OPEN_URL,
            Optional.of("https://strata.example"),
            List.of(),
            LogLinks.none());
    JsonNode card =
        TeamsCards.plan(TeamsFixtures.xid79(), List.of(cordon()), List.of(), null, links).toJson();

    JsonNode button = find(card, "action-act-1").path("items").get(2).path("actions").get(0);
    assertThat(button.path("type").asText()).isEqualTo("Action.OpenUrl");
    assertThat(button.path("url").asText())
        .isEqualTo("https://strata.example/incident.html?id=inc-teams-1");
    assertThat(card.toString()).doesNotContain("Action.Execute");
  }

  @Test
  void logLinksAreOpenUrlButtonsAfterTheConsoleLink() {
    LogLinks logs =
        LogLinks.of(
            "strata.remediator.log-links",
            Map.of(
                "gcp",
                "https://console.cloud.google.com/logs/query;query=resource.labels.node_name%3D%22"
                    + "{node}%22;timeRange={from}%2F{to}?project=gpu-prod",
                "pods",
                "https://logs.example/?pod={pod}"),
            Duration.ofMinutes(5));
    CardStyle style =
        new CardStyle(
            CardStyle.Buttons.EXECUTE, Optional.of("https://strata.example"), List.of(), logs);

    JsonNode actions =
        TeamsCards.plan(TeamsFixtures.xid79(), List.of(cordon()), List.of(), null, style)
            .toJson()
            .path("actions");

    // No pod is known of this incident: the pod template draws nothing.
    assertThat(actions.size()).isEqualTo(2);
    assertThat(actions.get(0).path("title").asText()).isEqualTo("Open in console");
    assertThat(actions.get(1).toString())
        .isEqualTo(
            "{\"type\":\"Action.OpenUrl\",\"title\":\"Logs (gcp): node gpu-node-7\",\"url\":"
                + "\"https://console.cloud.google.com/logs/query;query=resource.labels.node_name%3D%22"
                + "gpu-node-7%22;timeRange=2026-12-08T09%3A55%3A00Z%2F2026-12-08T10%3A05%3A00Z"
                + "?project=gpu-prod\"}");
  }

  @Test
  void theInvokeResponseIsTheUniversalActionsShape() {
    JsonNode ok = InvokeResponses.card(TeamsCards.status(cordon()));
    assertThat(ok.path("statusCode").asInt()).isEqualTo(200);
    assertThat(ok.path("type").asText()).isEqualTo("application/vnd.microsoft.card.adaptive");
    assertThat(ok.path("value").path("type").asText()).isEqualTo("AdaptiveCard");
    JsonNode error = InvokeResponses.error(403, "NOT_ALLOWED_APPROVER", "no");
    assertThat(error.toString())
        .isEqualTo(
            "{\"statusCode\":403,\"type\":\"application/vnd.microsoft.error\","
                + "\"value\":{\"code\":\"NOT_ALLOWED_APPROVER\",\"message\":\"no\"}}");
  }

  private static JsonNode find(JsonNode card, String id) {
    for (JsonNode element : card.path("body")) {
      if (id.equals(element.path("id").asText())) {
        return element;
      }
    }
    throw new AssertionError("no element " + id + " in " + card);
  }
}
