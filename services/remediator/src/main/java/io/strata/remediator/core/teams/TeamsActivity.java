package io.strata.remediator.core.teams;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The fields of a Bot Framework activity Strata reads (Bot Framework Activity schema).
 *
 * @param replyToId for a card's invoke, the id of the activity that carried the card
 * @param value the invoke's payload (missing for other activity types)
 */
public record TeamsActivity(
    String type,
    String name,
    String id,
    String channelId,
    String serviceUrl,
    String replyToId,
    String conversationId,
    String aadObjectId,
    String userPrincipalName,
    JsonNode value) {

  public static final String INVOKE = "invoke";
  public static final String ADAPTIVE_CARD_ACTION = "adaptiveCard/action";

  public boolean isInvoke() {
    return INVOKE.equals(type);
  }
}
