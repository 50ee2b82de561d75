package io.strata.remediator.core.teams;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Optional;

/**
 * Reads a Bot Framework activity: first the envelope the token check needs (id, channelId,
 * serviceUrl), then, for an {@code adaptiveCard/action} invoke, the Action.Execute verb and data.
 * Shapes from the Universal Actions reference ("Universal Actions for Adaptive Cards": the invoke's
 * {@code value.action} holds {@code type}, {@code verb} and {@code data}).
 */
public final class ActivityParser {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private ActivityParser() {}

  public static TeamsActivity envelope(byte[] body) throws TeamsRefused {
    JsonNode json;
    try {
      json = body == null || body.length == 0 ? null : MAPPER.readTree(body);
    } catch (JsonProcessingException e) {
      throw new TeamsRefused(TeamsProblem.MALFORMED_JSON, "body is not JSON");
    } catch (IOException e) {
      throw new TeamsRefused(TeamsProblem.MALFORMED_JSON, "body is not readable");
    }
    if (json == null || !json.isObject()) {
      throw new TeamsRefused(TeamsProblem.MALFORMED_JSON, "body is not a JSON object");
    }
    TeamsActivity activity =
        new TeamsActivity(
            text(json.path("type")),
            text(json.path("name")),
            text(json.path("id")),
            text(json.path("channelId")),
            text(json.path("serviceUrl")),
            text(json.path("replyToId")),
            text(json.path("conversation").path("id")),
            text(json.path("from").path("aadObjectId")),
            text(json.path("from").path("userPrincipalName")),
            json.path("value"));
    if (activity.id() == null) {
      throw new TeamsRefused(TeamsProblem.NO_ACTIVITY_ID, "activity has no id");
    }
    if (activity.channelId() == null) {
      throw new TeamsRefused(TeamsProblem.NO_CHANNEL_ID, "activity has no channelId");
    }
    if (activity.serviceUrl() == null) {
      throw new TeamsRefused(TeamsProblem.NO_SERVICE_URL, "activity has no serviceUrl");
    }
    return activity;
  }

  /** The click an invoke carries; refused when it is not one of Strata's card buttons. */
  public static TeamsInvoke invoke(TeamsActivity activity) throws TeamsRefused {
    if (!TeamsActivity.ADAPTIVE_CARD_ACTION.equals(activity.name())) {
      throw new TeamsRefused(
          TeamsProblem.UNSUPPORTED_INVOKE, "only adaptiveCard/action invokes are handled");
    }
    JsonNode action = activity.value().path("action");
    if (!"Action.Execute".equals(text(action.path("type")))) {
      throw new TeamsRefused(TeamsProblem.UNSUPPORTED_ACTION, "value.action is not Action.Execute");
    }
    TeamsInvoke.Verb verb;
    String verbText = text(action.path("verb"));
    if (TeamsCards.VERB_APPROVE.equals(verbText)) {
      verb = TeamsInvoke.Verb.APPROVE;
    } else if (TeamsCards.VERB_REJECT.equals(verbText)) {
      verb = TeamsInvoke.Verb.REJECT;
    } else {
      throw new TeamsRefused(TeamsProblem.UNKNOWN_VERB, "verb is neither approve nor reject");
    }
    Optional<String> upn = Optional.ofNullable(activity.userPrincipalName());
    String approver = Optional.ofNullable(activity.aadObjectId()).or(() -> upn).orElse(null);
    if (approver == null) {
      throw new TeamsRefused(TeamsProblem.NO_USER, "from has no aadObjectId");
    }
    JsonNode data = action.path("data");
    String actionId = text(data.path(TeamsCards.DATA_ACTION_ID));
    if (actionId == null) {
      throw new TeamsRefused(TeamsProblem.NO_ACTION_ID, "data has no action_id");
    }
    Optional<String> hash = Optional.ofNullable(text(data.path(TeamsCards.DATA_PATCH_HASH)));
    if (verb == TeamsInvoke.Verb.APPROVE && hash.isEmpty()) {
      throw new TeamsRefused(TeamsProblem.NO_PATCH_HASH, "an approval must carry patch_sha256");
    }
    return new TeamsInvoke(
        verb, actionId, hash, approver, upn, Optional.ofNullable(activity.replyToId()));
  }

  /** A non-blank string value, else null (numbers, objects and blanks are not ids). */
  private static String text(JsonNode node) {
    return node.isTextual() && !node.asText().isBlank() ? node.asText() : null;
  }
}
