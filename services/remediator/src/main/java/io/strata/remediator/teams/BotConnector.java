package io.strata.remediator.teams;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.remediator.core.patch.KubeJson;
import io.strata.remediator.core.teams.AccessToken;
import io.strata.remediator.core.teams.AdaptiveCard;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * The Bot Connector REST API (v3) over real HTTP: a card posted to a conversation as a new
 * activity, later replaced in place, authorised by a client-credentials token (Bot Connector
 * authentication, bot to connector) cached until shortly before it expires. One attempt per call;
 * {@link CardPoster} retries.
 */
final class BotConnector {

  /** Connection settings; the password is a secret and never logged. */
  record Settings(
      String tokenUrl,
      String scope,
      String appId,
      String appPassword,
      String serviceUrl,
      String conversationId,
      Duration timeout) {
    @Override
    public String toString() {
      return "Settings[serviceUrl=" + serviceUrl + ", conversationId=" + conversationId + "]";
    }
  }

  /** One attempt: its HTTP status (0 when unreachable) and, for a new activity, its id. */
  record Attempt(int status, Optional<String> activityId) {
    boolean delivered() {
      return status >= 200 && status < 300;
    }

    /** Rate-limited, a server error or unreachable: worth another attempt. */
    boolean retryable() {
      return status == 0 || status == 429 || status >= 500 || status == 401;
    }
  }

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final Settings settings;
  private final HttpClient http;
  private final Clock clock;
  private AccessToken token;

  BotConnector(Settings settings, HttpClient http, Clock clock) {
    this.settings = settings;
    this.http = http;
    this.clock = clock;
  }

  /** {@code POST /v3/conversations/{id}/activities}: the card as a new message. */
  Attempt create(AdaptiveCard card) {
    return send("POST", activities(), message(card, null));
  }

  /** {@code PUT /v3/conversations/{id}/activities/{activityId}}: the card replaced in place. */
  Attempt update(String activityId, AdaptiveCard card) {
    return send("PUT", activities() + "/" + encode(activityId), message(card, activityId));
  }

  /** The activity body: a message with one Adaptive Card attachment. */
  static ObjectNode message(AdaptiveCard card, String activityId) {
    ObjectNode message = KubeJson.object();
    message.put("type", "message");
    if (activityId != null) {
      message.put("id", activityId);
    }
    ObjectNode attachment = message.putArray("attachments").addObject();
    attachment.put("contentType", AdaptiveCard.CONTENT_TYPE);
    attachment.set("content", card.toJson());
    return message;
  }

  private Attempt send(String method, String url, ObjectNode body) {
    try {
      Optional<String> bearer = accessToken();
      if (bearer.isEmpty()) {
        return new Attempt(0, Optional.empty());
      }
      HttpResponse<String> response =
          http.send(
              HttpRequest.newBuilder(URI.create(url))
                  .timeout(settings.timeout())
                  .header("Authorization", "Bearer " + bearer.get())
                  .header("Content-Type", "application/json; charset=utf-8")
                  .method(method, HttpRequest.BodyPublishers.ofString(KubeJson.write(body)))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() == 401) {
        // Revoked or rotated: the next attempt asks for a fresh token.
        synchronized (this) {
          token = null;
        }
      }
      return new Attempt(response.statusCode(), idOf(response.body()));
    } catch (IOException e) {
      return new Attempt(0, Optional.empty());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Attempt(0, Optional.empty());
    }
  }

  /** The cached token, or a new one from the client-credentials grant; empty when refused. */
  private synchronized Optional<String> accessToken() throws IOException, InterruptedException {
    if (token != null && token.usableAt(clock.instant())) {
      return Optional.of(token.value());
    }
    String form =
        "grant_type=client_credentials&client_id="
            + encode(settings.appId())
            + "&client_secret="
            + encode(settings.appPassword())
            + "&scope="
            + encode(settings.scope());
    HttpResponse<String> response =
        http.send(
            HttpRequest.newBuilder(URI.create(settings.tokenUrl()))
                .timeout(settings.timeout())
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      return Optional.empty();
    }
    JsonNode grant = MAPPER.readTree(response.body());
    String value = grant.path("access_token").asText("");
    if (value.isBlank()) {
      return Optional.empty();
    }
    token = AccessToken.issued(value, grant.path("expires_in").asLong(0), clock.instant());
    return Optional.of(value);
  }

  private String activities() {
    String base = settings.serviceUrl();
    base = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    return base + "/v3/conversations/" + encode(settings.conversationId()) + "/activities";
  }

  private static Optional<String> idOf(String body) {
    try {
      String id = body == null || body.isBlank() ? "" : MAPPER.readTree(body).path("id").asText("");
      return id.isBlank() ? Optional.empty() : Optional.of(id);
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
