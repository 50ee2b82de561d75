package io.strata.simulator.teams;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;

/**
 * The {@code invoke} activity Teams sends a bot when a user clicks an Action.Execute button: name
 * {@code adaptiveCard/action}, value.action = {type, verb, data} (botframework-schema
 * AdaptiveCardInvokeValue / AdaptiveCardInvokeAction; Teams "Universal Actions for Adaptive Cards",
 * the adaptiveCard/action invoke activity).
 */
public final class InvokeActivity {

  /** The tenant of the simulated Teams organisation. */
  public static final String TENANT_ID = "5157a7a0-0000-4000-8000-00000000a0a0";

  private static final ObjectMapper JSON = new ObjectMapper();

  private InvokeActivity() {}

  /**
   * @param invokeId this activity's id (unique per click; what a bot de-duplicates on)
   * @param serviceUrl where the bot answers; the same string the token's serviceurl claim carries
   */
  public static ObjectNode of(
      ExecuteAction button,
      Approver approver,
      String appId,
      String serviceUrl,
      String invokeId,
      Instant now) {
    ObjectNode activity = JSON.createObjectNode();
    activity.put("type", "invoke");
    activity.put("name", "adaptiveCard/action");
    activity.put("id", invokeId);
    activity.put("timestamp", now.toString());
    activity.put("localTimestamp", now.toString());
    activity.put("serviceUrl", serviceUrl);
    activity.put("channelId", "msteams");
    ObjectNode from = activity.putObject("from");
    from.put("id", approver.teamsUserId());
    from.put("name", approver.name());
    from.put("aadObjectId", approver.aadObjectId());
    ObjectNode conversation = activity.putObject("conversation");
    conversation.put("isGroup", true);
    conversation.put("conversationType", "channel");
    conversation.put("tenantId", TENANT_ID);
    conversation.put("id", button.conversationId());
    ObjectNode recipient = activity.putObject("recipient");
    recipient.put("id", "28:" + appId);
    recipient.put("name", "Strata");
    activity.put("replyToId", button.cardActivityId());
    activity.put("locale", "en-US");
    activity.putObject("channelData").putObject("tenant").put("id", TENANT_ID);
    ObjectNode value = activity.putObject("value");
    ObjectNode action = value.putObject("action");
    action.put("type", "Action.Execute");
    if (!button.id().isEmpty()) {
      action.put("id", button.id());
    }
    action.put("verb", button.verb());
    action.set("data", button.data().deepCopy());
    value.put("trigger", "manual");
    return activity;
  }
}
