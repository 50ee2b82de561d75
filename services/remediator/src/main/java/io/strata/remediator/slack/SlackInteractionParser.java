package io.strata.remediator.slack;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Reads the form-encoded body Slack posts to the interactivity request URL ({@code
 * payload=<url-encoded JSON>}) and extracts the clicked button.
 */
public final class SlackInteractionParser {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private SlackInteractionParser() {}

  public static SlackInteraction parse(byte[] rawBody) throws InteractionParseException {
    String payload = formField(new String(rawBody, StandardCharsets.UTF_8), "payload");
    if (payload == null || payload.isBlank()) {
      throw new InteractionParseException(InteractionProblem.NO_PAYLOAD, "no payload form field");
    }
    JsonNode json;
    try {
      json = MAPPER.readTree(payload);
    } catch (JsonProcessingException e) {
      throw new InteractionParseException(
          InteractionProblem.MALFORMED_JSON, "payload is not JSON: " + e.getOriginalMessage());
    }
    String type = json.path("type").asText("");
    if (!"block_actions".equals(type)) {
      throw new InteractionParseException(
          InteractionProblem.UNSUPPORTED_TYPE, "unsupported interaction type '" + type + "'");
    }
    String user = json.path("user").path("id").asText("");
    if (user.isBlank()) {
      throw new InteractionParseException(InteractionProblem.NO_USER, "payload has no user.id");
    }
    JsonNode action = json.path("actions").path(0);
    String value = action.path("value").asText("");
    if (action.isMissingNode() || value.isBlank()) {
      throw new InteractionParseException(
          InteractionProblem.NO_ACTION, "payload has no action with a value");
    }
    SlackInteraction.Command command;
    try {
      command =
          SlackInteraction.Command.valueOf(
              action.path("action_id").asText("").toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new InteractionParseException(
          InteractionProblem.UNKNOWN_BUTTON,
          "unknown action_id '" + action.path("action_id").asText("") + "'");
    }
    String responseUrl = json.path("response_url").asText("");
    String actionId = value;
    String patchHash = null;
    int mark = value.indexOf(SlackInteraction.PATCH_MARK);
    if (mark >= 0) {
      actionId = value.substring(0, mark);
      patchHash = value.substring(mark + SlackInteraction.PATCH_MARK.length());
      if (actionId.isBlank() || patchHash.isBlank()) {
        throw new InteractionParseException(
            InteractionProblem.NO_ACTION, "button value has no action id or no patch hash");
      }
    }
    return new SlackInteraction(
        user, command, actionId, responseUrl.isBlank() ? null : responseUrl, patchHash);
  }

  private static String formField(String body, String name) throws InteractionParseException {
    for (String pair : body.split("&")) {
      int eq = pair.indexOf('=');
      String key = eq < 0 ? pair : pair.substring(0, eq);
      if (decode(key).equals(name)) {
        return eq < 0 ? "" : decode(pair.substring(eq + 1));
      }
    }
    return null;
  }

  /** URLDecoder throws IllegalArgumentException on a broken %-escape: a bad request, not a 500. */
  private static String decode(String encoded) throws InteractionParseException {
    try {
      return URLDecoder.decode(encoded, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw new InteractionParseException(
          InteractionProblem.MALFORMED_FORM, "body is not a valid form: " + e.getMessage());
    }
  }
}
