package io.strata.simulator.slack;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class ApprovalButtonsTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Shaped like services/remediator's SlackMessages: approve/reject per action, value = id. */
  private static final String REMEDIATOR_MESSAGE =
      """
      {"text":"DEVICE_FAULT on gpu-node-001","blocks":[
        {"type":"header","text":{"type":"plain_text","text":"DEVICE_FAULT"}},
        {"type":"section","block_id":"action-a1","text":{"type":"mrkdwn","text":"cordon"}},
        {"type":"actions","block_id":"buttons-a1","elements":[
          {"type":"button","action_id":"approve","text":{"type":"plain_text","text":"Approve"},
           "style":"primary","value":"a1"},
          {"type":"button","action_id":"reject","text":{"type":"plain_text","text":"Reject"},
           "style":"danger","value":"a1"}]},
        {"type":"actions","block_id":"buttons-a2","elements":[
          {"type":"button","action_id":"approve","text":{"type":"plain_text","text":"Approve"},
           "style":"primary","value":"a2"},
          {"type":"button","action_id":"reject","text":{"type":"plain_text","text":"Reject"},
           "style":"danger","value":"a2"}]},
        {"type":"actions","block_id":"buttons-a0","elements":[
          {"type":"button","action_id":"undo","text":{"type":"plain_text","text":"Undo"},
           "value":"a0"}]}]}
      """;

  @Test
  void picksTheApproveButtonOfEveryAction() throws Exception {
    assertThat(ApprovalButtons.find(JSON.readTree(REMEDIATOR_MESSAGE)))
        .extracting(
            ApprovalButtons.Button::actionId,
            ApprovalButtons.Button::value,
            ApprovalButtons.Button::blockId)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("approve", "a1", "buttons-a1"),
            org.assertj.core.groups.Tuple.tuple("approve", "a2", "buttons-a2"));
  }

  @Test
  void fallsBackToPrimaryButtonsWhenNoneIsNamedApprove() throws Exception {
    JsonNode reference =
        JSON.readTree(
            getClass()
                .getResourceAsStream(
                    "/reference/python-slack-sdk_integration_webhook_blocks_with_buttons_body.json"));
    assertThat(ApprovalButtons.find(reference))
        .singleElement()
        .satisfies(b -> assertThat(b.value()).isEqualTo("create_task"));
  }

  @Test
  void aMessageWithoutButtonsHasNothingToApprove() throws Exception {
    assertThat(ApprovalButtons.find(JSON.readTree("{\"text\":\"resolved\"}"))).isEmpty();
  }
}
