package io.strata.simulator.teams;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.util.Locale;
import java.util.Optional;

/**
 * POST /teams/click {"action_id", "verb", "forgery"?}: clicks through {@link TeamsClicker} and
 * answers {"bot_status", "bot_body", "invoke_id"}; a click that reaches no bot answers {"reason",
 * "message"}.
 */
final class ControlApi {

  private final TeamsClicker clicker;

  ControlApi(TeamsClicker clicker) {
    this.clicker = clicker;
  }

  void click(HttpExchange exchange, String method) throws IOException {
    if (!"POST".equals(method)) {
      refuse(exchange, 405, "METHOD_NOT_ALLOWED", "use POST");
      return;
    }
    Optional<JsonNode> body = Exchanges.jsonObject(Exchanges.body(exchange));
    String actionId = body.map(b -> b.path("action_id").asText("")).orElse("");
    String verb = body.map(b -> b.path("verb").asText("")).orElse("");
    if (actionId.isEmpty() || verb.isEmpty()) {
      refuse(exchange, 400, "BAD_REQUEST", "expected {\"action_id\": ..., \"verb\": ...}");
      return;
    }
    String forgeryName = body.get().path("forgery").asText("");
    Forgery forgery = null;
    if (!forgeryName.isEmpty()) {
      try {
        forgery = Forgery.valueOf(forgeryName.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        refuse(exchange, 400, "NO_FORGERY", "unknown forgery " + forgeryName);
        return;
      }
    }
    BotReply reply;
    try {
      reply =
          forgery == null ? clicker.click(actionId, verb) : clicker.forge(actionId, verb, forgery);
    } catch (ClickFailure e) {
      refuse(exchange, status(e.reason()), e.reason().name(), e.getMessage());
      return;
    }
    ObjectNode out = Exchanges.JSON.createObjectNode();
    out.put("bot_status", reply.status());
    Optional<JsonNode> json = Exchanges.jsonObject(reply.body());
    if (json.isPresent()) {
      out.set("bot_body", json.get());
    } else {
      out.put("bot_body", reply.body());
    }
    out.put("invoke_id", reply.invokeId());
    Exchanges.json(exchange, 200, out);
  }

  private static int status(ClickFailure.Reason reason) {
    return switch (reason) {
      case NO_SUCH_BUTTON -> 404;
      case NOTHING_TO_REPLAY -> 409;
      case BOT_UNREACHABLE -> 502;
      case NO_FORGERY, UNSPECIFIED -> 400;
    };
  }

  private static void refuse(HttpExchange exchange, int status, String reason, String message)
      throws IOException {
    Exchanges.json(
        exchange,
        status,
        Exchanges.JSON.createObjectNode().put("reason", reason).put("message", message));
  }
}
