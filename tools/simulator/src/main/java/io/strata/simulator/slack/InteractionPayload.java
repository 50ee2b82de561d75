package io.strata.simulator.slack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.Locale;

/**
 * The block_actions payload Slack sends to an app's interactivity Request URL when a user clicks a
 * button on a message (shape of the Slack SDKs' block_actions test payloads).
 */
public final class InteractionPayload {

  private static final ObjectMapper JSON = new ObjectMapper();

  private InteractionPayload() {}

  /**
   * @param message the message as posted (its blocks are echoed back)
   * @param messageTs the message's ts, which Slack assigned when the webhook posted it
   */
  public static String blockActions(
      ApprovalButtons.Button button,
      JsonNode message,
      String messageTs,
      String userId,
      String responseUrl,
      Instant clickedAt) {
    ObjectNode payload = JSON.createObjectNode();
    payload.put("type", "block_actions");
    ObjectNode user = payload.putObject("user");
    user.put("id", userId);
    user.put("username", "sim-oncall");
    user.put("name", "sim-oncall");
    user.put("team_id", SlackStandIn.TEAM_ID);
    payload.put("api_app_id", SlackStandIn.APP_ID);
    payload.put("token", "simulated-verification-token");
    ObjectNode container = payload.putObject("container");
    container.put("type", "message");
    container.put("message_ts", messageTs);
    container.put("channel_id", SlackStandIn.CHANNEL_ID);
    container.put("is_ephemeral", false);
    payload.put("trigger_id", clickedAt.toEpochMilli() + ".1.simulated");
    payload.putObject("team").put("id", SlackStandIn.TEAM_ID).put("domain", "strata-sim");
    payload.putNull("enterprise");
    payload.put("is_enterprise_install", false);
    payload.putObject("channel").put("id", SlackStandIn.CHANNEL_ID).put("name", "gpu-oncall");
    ObjectNode echoed = payload.putObject("message");
    echoed.put("type", "message");
    echoed.put("subtype", "bot_message");
    echoed.put("ts", messageTs);
    echoed.put("text", message.path("text").asText(""));
    echoed.set("blocks", message.path("blocks").deepCopy());
    payload.putObject("state").putObject("values");
    payload.put("response_url", responseUrl);
    ObjectNode action = payload.putArray("actions").addObject();
    action.put("action_id", button.actionId());
    action.put("block_id", button.blockId());
    action
        .putObject("text")
        .put("type", "plain_text")
        .put("text", button.text())
        .put("emoji", true);
    action.put("value", button.value());
    if (!button.style().isEmpty()) {
      action.put("style", button.style());
    }
    action.put("type", "button");
    action.put("action_ts", seconds(clickedAt));
    return payload.toString();
  }

  static String seconds(Instant at) {
    return String.format(Locale.ROOT, "%d.%06d", at.getEpochSecond(), at.getNano() / 1000);
  }
}
