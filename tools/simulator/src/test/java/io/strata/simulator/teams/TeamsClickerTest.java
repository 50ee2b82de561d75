package io.strata.simulator.teams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import com.sun.net.httpserver.HttpServer;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TeamsClickerTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String APPROVER = "6f0e1d2c-0000-4000-8000-00000000a11c";

  /** What the bot received: its Authorization header (null when none) and body. */
  record Received(String authorization, String body) {
    String token() {
      return authorization.substring("Bearer ".length());
    }
  }

  private final List<Received> received = new CopyOnWriteArrayList<>();
  private final ExecutorService executor = Executors.newFixedThreadPool(4);
  private HttpServer bot;
  private TeamsStandIn teams;
  private String cardId;

  @AfterEach
  void stop() {
    teams.close();
    bot.stop(0);
    executor.shutdownNow();
  }

  @Test
  void aClickPostsASignedInvokeForTheCardsButton() throws Exception {
    start(false);
    BotReply reply = teams.clicker().click("a1", "approve");

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.body()).isEqualTo("{\"statusCode\":200}");
    assertThat(received).hasSize(1);
    JsonNode invoke = JSON.readTree(received.get(0).body());
    assertThat(reply.invokeId()).isEqualTo(invoke.path("id").asText()).startsWith("f:");
    assertThat(invoke.path("replyToId").asText()).isEqualTo(cardId);
    assertThat(invoke.path("serviceUrl").asText()).isEqualTo(teams.serviceUrl());
    assertThat(invoke.path("from").path("aadObjectId").asText()).isEqualTo(APPROVER);
    assertThat(invoke.path("conversation").path("id").asText()).isEqualTo(TeamsCards.CONVERSATION);
    assertThat(invoke.path("value").path("action").toString())
        .isEqualTo(
            "{\"type\":\"Action.Execute\",\"verb\":\"approve\","
                + "\"data\":{\"action_id\":\"a1\",\"patch_sha256\":\"9f2c\"}}");

    JWTClaimsSet claims = verify(received.get(0).token());
    assertThat(claims.getIssuer()).isEqualTo("https://api.botframework.com");
    assertThat(claims.getAudience()).containsExactly(TeamsHttp.APP_ID);
    assertThat(claims.getStringClaim("serviceurl")).isEqualTo(invoke.path("serviceUrl").asText());
  }

  @Test
  void forgeriesDifferFromTheGenuineClickExactlyAsNamed() throws Exception {
    start(false);
    teams.clicker().click("a1", "approve");
    Received genuine = received.get(0);

    teams.clicker().forge("a1", "approve", Forgery.WRONG_KEY);
    assertThat(SignedJWT.parse(received.get(1).token()).getHeader().getKeyID())
        .isEqualTo(SignedJWT.parse(genuine.token()).getHeader().getKeyID());
    assertThatThrownBy(() -> verify(received.get(1).token())).isInstanceOf(BadJOSEException.class);

    teams.clicker().forge("a1", "approve", Forgery.UNKNOWN_KEY);
    assertThat(SignedJWT.parse(received.get(2).token()).getHeader().getKeyID())
        .startsWith("unpublished-");

    teams.clicker().forge("a1", "approve", Forgery.WRONG_AUDIENCE);
    assertThat(SignedJWT.parse(received.get(3).token()).getJWTClaimsSet().getAudience())
        .containsExactly("0e7e0a00-0000-4000-8000-000000000bad");

    teams.clicker().forge("a1", "approve", Forgery.EXPIRED);
    Date expires = SignedJWT.parse(received.get(4).token()).getJWTClaimsSet().getExpirationTime();
    assertThat(expires).isBefore(Date.from(Instant.now().minus(Duration.ofMinutes(9))));

    teams.clicker().forge("a1", "approve", Forgery.NO_TOKEN);
    assertThat(received.get(5).authorization()).isNull();

    teams.clicker().forge("a1", "approve", Forgery.REPLAY);
    assertThat(received.get(6)).isEqualTo(genuine);

    assertThat(received.subList(1, 6))
        .extracting(r -> JSON.readTree(r.body()).path("id").asText())
        .doesNotContain(JSON.readTree(genuine.body()).path("id").asText())
        .doesNotHaveDuplicates();
  }

  @Test
  void clicksThatCannotReachTheBotFailWithAReason() throws Exception {
    start(false);
    assertThatThrownBy(() -> teams.clicker().click("a9", "approve"))
        .isInstanceOfSatisfying(
            ClickFailure.class,
            e -> assertThat(e.reason()).isEqualTo(ClickFailure.Reason.NO_SUCH_BUTTON));
    assertThatThrownBy(() -> teams.clicker().forge("a1", "reject", Forgery.REPLAY))
        .isInstanceOfSatisfying(
            ClickFailure.class,
            e -> assertThat(e.reason()).isEqualTo(ClickFailure.Reason.NOTHING_TO_REPLAY));
    assertThat(received).isEmpty();
  }

  @Test
  void theControlEndpointClicksAndForges() throws Exception {
    start(false);
    String url = teams.baseUrl() + "/teams/click";
    var reject = TeamsHttp.send("POST", url, null, "{\"action_id\":\"a1\",\"verb\":\"reject\"}");
    assertThat(reject.statusCode()).isEqualTo(200);
    JsonNode body = JSON.readTree(reject.body());
    assertThat(body.path("bot_status").asInt()).isEqualTo(200);
    assertThat(body.path("bot_body").toString()).isEqualTo("{\"statusCode\":200}");
    assertThat(
            JSON.readTree(received.get(0).body())
                .path("value")
                .path("action")
                .path("verb")
                .asText())
        .isEqualTo("reject");

    var expired =
        TeamsHttp.send(
            "POST",
            url,
            null,
            "{\"action_id\":\"a1\",\"verb\":\"reject\",\"forgery\":\"expired\"}");
    assertThat(expired.statusCode()).isEqualTo(200);
    assertThat(received).hasSize(2);

    var missing = TeamsHttp.send("POST", url, null, "{\"action_id\":\"zz\",\"verb\":\"approve\"}");
    assertThat(missing.statusCode()).isEqualTo(404);
    assertThat(JSON.readTree(missing.body()).path("reason").asText()).isEqualTo("NO_SUCH_BUTTON");
    assertThat(TeamsHttp.send("POST", url, null, "{}").statusCode()).isEqualTo(400);
  }

  @Test
  void autoApproveClicksApproveOnEachNewCardOnce() throws Exception {
    start(true);
    await().atMost(Duration.ofSeconds(10)).until(() -> received.size() == 1);
    JsonNode invoke = JSON.readTree(received.get(0).body());
    assertThat(invoke.path("value").path("action").path("verb").asText()).isEqualTo("approve");
    assertThat(invoke.path("replyToId").asText()).isEqualTo(cardId);
  }

  private void start(boolean autoApprove) throws Exception {
    bot = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 8);
    bot.createContext(
        "/api/teams/messages",
        exchange -> {
          try (InputStream in = exchange.getRequestBody()) {
            received.add(
                new Received(
                    exchange.getRequestHeaders().getFirst("Authorization"),
                    new String(in.readAllBytes(), StandardCharsets.UTF_8)));
          }
          byte[] answer = "{\"statusCode\":200}".getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(200, answer.length);
          exchange.getResponseBody().write(answer);
          exchange.close();
        });
    bot.start();
    URI botUrl =
        URI.create("http://127.0.0.1:" + bot.getAddress().getPort() + "/api/teams/messages");
    teams =
        new TeamsStandIn(
            new TeamsSettings(TeamsHttp.APP_ID, TeamsHttp.SECRET, APPROVER, botUrl, autoApprove),
            Clock.systemUTC());
    teams.start("127.0.0.1", 0, executor);
    String token =
        JSON.readTree(
                TeamsHttp.tokenRequest(
                        teams.tokenUrl(), TeamsHttp.clientCredentials(TeamsHttp.SECRET))
                    .body())
            .path("access_token")
            .asText();
    cardId =
        JSON.readTree(
                TeamsHttp.send("POST", TeamsHttp.activitiesUrl(teams), token, TeamsCards.PLAN)
                    .body())
            .path("id")
            .asText();
  }

  /** Verifies as a bot does: the JWKS fetched from the jwks_uri of the OpenID metadata. */
  private JWTClaimsSet verify(String token) throws Exception {
    JsonNode metadata =
        JSON.readTree(TeamsHttp.send("GET", teams.openIdMetadataUrl(), null, null).body());
    JWKSet jwks =
        JWKSet.parse(TeamsHttp.send("GET", metadata.path("jwks_uri").asText(), null, null).body());
    DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
    processor.setJWSKeySelector(
        new JWSVerificationKeySelector<>(JWSAlgorithm.RS256, new ImmutableJWKSet<>(jwks)));
    return processor.process(token, null);
  }
}
