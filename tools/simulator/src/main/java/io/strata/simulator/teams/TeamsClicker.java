package io.strata.simulator.teams;

import com.nimbusds.jose.jwk.RSAKey;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Clicks Approve / Reject the way Teams delivers the click: an {@code adaptiveCard/action} invoke
 * POSTed to the bot's messaging endpoint with {@code Authorization: Bearer <JWT>} signed by the
 * stand-in's published key. Also sends forged invokes for negative tests.
 */
public final class TeamsClicker {

  /** An app id that is not the bot's, for {@link Forgery#WRONG_AUDIENCE}. */
  static final String OTHER_APP_ID = "0e7e0a00-0000-4000-8000-000000000bad";

  private record Sent(String body, String token) {}

  private final URI botUrl;
  private final SigningKeys keys;
  private final String appId;
  private final Approver approver;
  private final PostedCards cards;
  private final Supplier<String> serviceUrl;
  private final Clock clock;
  private final HttpClient http;
  private final Map<String, Sent> lastGenuine = new ConcurrentHashMap<>();

  /**
   * @param serviceUrl the stand-in's own base URL with a trailing slash, known once it listens
   */
  public TeamsClicker(
      URI botUrl,
      SigningKeys keys,
      String appId,
      Approver approver,
      PostedCards cards,
      Supplier<String> serviceUrl,
      Clock clock) {
    this.botUrl = botUrl;
    this.keys = keys;
    this.appId = appId;
    this.approver = approver;
    this.cards = cards;
    this.serviceUrl = serviceUrl;
    this.clock = clock;
    this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();
  }

  /** Clicks the button {@code verb} of Strata action {@code actionId} on the newest card. */
  public BotReply click(String actionId, String verb) {
    ExecuteAction button = button(actionId, verb);
    Instant now = clock.instant();
    String body = invoke(button, now);
    String token =
        TeamsSigner.sign(keys.current(), TeamsSigner.Claims.genuine(appId, serviceUrl.get(), now));
    lastGenuine.put(actionId + "|" + verb, new Sent(body, token));
    return send(body, token);
  }

  /** Sends an invoke on that button that the bot must refuse, forged as {@code forgery} says. */
  public BotReply forge(String actionId, String verb, Forgery forgery) {
    if (forgery == null || forgery == Forgery.UNSPECIFIED) {
      throw new ClickFailure(ClickFailure.Reason.NO_FORGERY, "name the forgery to send");
    }
    if (forgery == Forgery.REPLAY) {
      Sent sent = lastGenuine.get(actionId + "|" + verb);
      if (sent == null) {
        throw new ClickFailure(
            ClickFailure.Reason.NOTHING_TO_REPLAY, verb + " on " + actionId + " was never clicked");
      }
      return send(sent.body(), sent.token());
    }
    ExecuteAction button = button(actionId, verb);
    Instant now = clock.instant();
    String body = invoke(button, now);
    TeamsSigner.Claims genuine = TeamsSigner.Claims.genuine(appId, serviceUrl.get(), now);
    String token =
        switch (forgery) {
          case WRONG_KEY ->
              TeamsSigner.sign(SigningKeys.generate(keys.current().getKeyID()), genuine);
          case UNKNOWN_KEY ->
              TeamsSigner.sign(SigningKeys.generate("unpublished-" + UUID.randomUUID()), genuine);
          case WRONG_AUDIENCE ->
              TeamsSigner.sign(
                  keys.current(),
                  new TeamsSigner.Claims(
                      genuine.issuer(),
                      OTHER_APP_ID,
                      genuine.serviceUrl(),
                      genuine.notBefore(),
                      genuine.expires()));
          case EXPIRED -> expired(keys.current(), genuine, now);
          case NO_TOKEN -> null;
          case UNSPECIFIED, REPLAY -> throw new IllegalStateException("handled above");
        };
    return send(body, token);
  }

  private static String expired(RSAKey key, TeamsSigner.Claims genuine, Instant now) {
    return TeamsSigner.sign(
        key,
        new TeamsSigner.Claims(
            genuine.issuer(),
            genuine.audience(),
            genuine.serviceUrl(),
            now.minus(Duration.ofMinutes(70)),
            now.minus(Duration.ofMinutes(10))));
  }

  private ExecuteAction button(String actionId, String verb) {
    return cards
        .button(actionId, verb)
        .orElseThrow(
            () ->
                new ClickFailure(
                    ClickFailure.Reason.NO_SUCH_BUTTON,
                    "no posted card has an Action.Execute " + verb + " for action " + actionId));
  }

  private String invoke(ExecuteAction button, Instant now) {
    String invokeId = "f:" + UUID.randomUUID();
    return InvokeActivity.of(button, approver, appId, serviceUrl.get(), invokeId, now).toString();
  }

  /** The request as sent; {@code token} null sends none. */
  HttpRequest request(String body, String token) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(botUrl)
            .timeout(Duration.ofSeconds(10))
            .header("Content-Type", "application/json; charset=utf-8")
            .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    return request.build();
  }

  private BotReply send(String body, String token) {
    String invokeId = Exchanges.jsonObject(body).map(a -> a.path("id").asText()).orElse("");
    try {
      HttpResponse<String> response =
          http.send(request(body, token), HttpResponse.BodyHandlers.ofString());
      return new BotReply(response.statusCode(), response.body(), invokeId);
    } catch (IOException e) {
      throw new ClickFailure(
          ClickFailure.Reason.BOT_UNREACHABLE, "cannot reach " + botUrl + ": " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ClickFailure(ClickFailure.Reason.BOT_UNREACHABLE, "interrupted");
    }
  }
}
