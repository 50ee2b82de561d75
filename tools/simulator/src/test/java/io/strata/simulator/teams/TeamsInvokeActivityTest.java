package io.strata.simulator.teams;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class TeamsInvokeActivityTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void findsTheExecuteButtonsOfACardInCardOrder() throws Exception {
    List<ExecuteAction> buttons =
        ExecuteAction.find(
            "1733000000001", TeamsCards.CONVERSATION, JSON.readTree(TeamsCards.PLAN));
    assertThat(buttons)
        .extracting(ExecuteAction::verb, ExecuteAction::actionId, ExecuteAction::title)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("approve", "a1", "Approve"),
            org.assertj.core.groups.Tuple.tuple("reject", "a1", "Reject"));
    assertThat(buttons.get(0).data().toString())
        .isEqualTo("{\"action_id\":\"a1\",\"patch_sha256\":\"9f2c\"}");
  }

  @Test
  void theInvokeHasExactlyTheFieldsTeamsSends() throws Exception {
    ExecuteAction approve =
        ExecuteAction.find("1733000000001", TeamsCards.CONVERSATION, JSON.readTree(TeamsCards.PLAN))
            .get(0);
    JsonNode invoke =
        InvokeActivity.of(
            approve,
            Approver.onCall("6f0e1d2c-0000-4000-8000-00000000a11c"),
            "8f1c6a4e-5157-4a7a-9000-000000000001",
            "http://127.0.0.1:9490/",
            "f:0001",
            Instant.parse("2026-12-08T10:00:00Z"));

    assertThat(invoke)
        .isEqualTo(
            JSON.readTree(
                """
                {"type":"invoke","name":"adaptiveCard/action","id":"f:0001",
                 "timestamp":"2026-12-08T10:00:00Z","localTimestamp":"2026-12-08T10:00:00Z",
                 "serviceUrl":"http://127.0.0.1:9490/","channelId":"msteams",
                 "from":{"id":"29:sim-6f0e1d2c-0000-4000-8000-00000000a11c","name":"Sim On-call",
                         "aadObjectId":"6f0e1d2c-0000-4000-8000-00000000a11c"},
                 "conversation":{"isGroup":true,"conversationType":"channel",
                   "tenantId":"5157a7a0-0000-4000-8000-00000000a0a0",
                   "id":"19:gpu-oncall@thread.tacv2"},
                 "recipient":{"id":"28:8f1c6a4e-5157-4a7a-9000-000000000001","name":"Strata"},
                 "replyToId":"1733000000001","locale":"en-US",
                 "channelData":{"tenant":{"id":"5157a7a0-0000-4000-8000-00000000a0a0"}},
                 "value":{"action":{"type":"Action.Execute","verb":"approve",
                   "data":{"action_id":"a1","patch_sha256":"9f2c"}},"trigger":"manual"}}
                """));
  }

  @Test
  void aCardWithoutAdaptiveAttachmentsHasNoButtons() throws Exception {
    assertThat(ExecuteAction.find("1", "c", JSON.readTree("{\"type\":\"message\",\"text\":\"x\"}")))
        .isEmpty();
  }
}
