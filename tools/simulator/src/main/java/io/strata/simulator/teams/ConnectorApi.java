package io.strata.simulator.teams;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Bot Connector REST calls a bot makes (Bot Framework REST API v3, Conversations): send to a
 * conversation ({@code POST /v3/conversations/{id}/activities}), reply to an activity ({@code POST
 * .../activities/{activityId}}) and update one in place ({@code PUT .../activities/{activityId}}),
 * each with a bearer token from {@link ConnectorTokens}.
 */
final class ConnectorApi {

  private static final Logger LOG = LoggerFactory.getLogger(ConnectorApi.class);

  private final ConnectorTokens tokens;
  private final PostedCards cards;
  private final Clock clock;
  private final Consumer<PostedCards.Card> onNewCard;

  ConnectorApi(
      ConnectorTokens tokens,
      PostedCards cards,
      Clock clock,
      Consumer<PostedCards.Card> onNewCard) {
    this.tokens = tokens;
    this.cards = cards;
    this.clock = clock;
    this.onNewCard = onNewCard;
  }

  /**
   * @param segments the decoded path after /v3/conversations/: [conversationId, "activities",
   *     activityId?]
   */
  void handle(HttpExchange exchange, String[] segments) throws IOException {
    Instant now = clock.instant();
    if (segments.length < 2 || segments.length > 3 || !"activities".equals(segments[1])) {
      Exchanges.error(exchange, 404, "NotFound", "no such connector operation");
      return;
    }
    ConnectorTokens.BearerCheck check =
        tokens.check(exchange.getRequestHeaders().getFirst("Authorization"), now);
    if (check != ConnectorTokens.BearerCheck.VALID) {
      Exchanges.error(
          exchange,
          401,
          "Unauthorized",
          "Authorization has been denied for this request (bearer token " + check + ")");
      return;
    }
    String method = exchange.getRequestMethod();
    boolean put = "PUT".equals(method);
    if (!put && !"POST".equals(method) || put && segments.length != 3) {
      Exchanges.error(exchange, 405, "MethodNotAllowed", method + " is not supported here");
      return;
    }
    Optional<JsonNode> activity = Exchanges.jsonObject(Exchanges.body(exchange));
    if (activity.isEmpty()) {
      Exchanges.error(exchange, 400, "BadSyntax", "the body is not a JSON activity");
      return;
    }
    JsonNode body = activity.get();
    if (!"message".equals(body.path("type").asText())) {
      Exchanges.error(exchange, 400, "BadArgument", "type must be message");
      return;
    }
    if (!body.hasNonNull("text") && !body.path("attachments").isArray()) {
      Exchanges.error(exchange, 400, "BadArgument", "the activity has no text and no attachments");
      return;
    }
    String conversationId = segments[0];
    if (put) {
      Optional<PostedCards.Card> updated = cards.update(conversationId, segments[2], body, now);
      if (updated.isEmpty()) {
        Exchanges.error(exchange, 404, "ActivityNotFound", "no activity " + segments[2]);
        return;
      }
      LOG.info("teams card {} updated (version {})", segments[2], updated.get().version());
      Exchanges.json(exchange, 200, Exchanges.JSON.createObjectNode().put("id", segments[2]));
      return;
    }
    PostedCards.Card card = cards.post(conversationId, body, now);
    LOG.info("teams card {} posted to {}", card.activityId(), conversationId);
    Exchanges.json(exchange, 201, Exchanges.JSON.createObjectNode().put("id", card.activityId()));
    onNewCard.accept(card);
  }
}
