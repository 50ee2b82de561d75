package io.strata.simulator.teams;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TeamsStandInTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final ExecutorService executor = Executors.newFixedThreadPool(4);
  private TeamsStandIn teams;

  @BeforeEach
  void start() throws Exception {
    teams =
        new TeamsStandIn(
            new TeamsSettings(
                TeamsHttp.APP_ID,
                TeamsHttp.SECRET,
                "6f0e1d2c-0000-4000-8000-00000000a11c",
                URI.create("http://127.0.0.1:9/api/teams/messages"),
                false),
            Clock.systemUTC());
    teams.start("127.0.0.1", 0, executor);
  }

  @AfterEach
  void stop() {
    teams.close();
    executor.shutdownNow();
  }

  @Test
  void theTokenEndpointIssuesABearerTokenForTheBotsCredentials() throws Exception {
    HttpResponse<String> response =
        TeamsHttp.tokenRequest(teams.tokenUrl(), TeamsHttp.clientCredentials(TeamsHttp.SECRET));
    assertThat(response.statusCode()).isEqualTo(200);
    JsonNode body = JSON.readTree(response.body());
    assertThat(body.path("token_type").asText()).isEqualTo("Bearer");
    assertThat(body.path("expires_in").asLong()).isEqualTo(3599);
    assertThat(body.path("access_token").asText()).hasSizeGreaterThan(40);
  }

  @Test
  void theTokenEndpointRefusesAWrongSecretAndOtherBadRequests() throws Exception {
    HttpResponse<String> wrong =
        TeamsHttp.tokenRequest(teams.tokenUrl(), TeamsHttp.clientCredentials("not-the-secret"));
    assertThat(wrong.statusCode()).isEqualTo(401);
    assertThat(JSON.readTree(wrong.body()).path("error").asText()).isEqualTo("invalid_client");
    assertThat(JSON.readTree(wrong.body()).path("reason").asText()).isEqualTo("WRONG_SECRET");

    Map<String, String> badScope = new HashMap<>(TeamsHttp.clientCredentials(TeamsHttp.SECRET));
    badScope.put("scope", "https://graph.microsoft.com/.default");
    HttpResponse<String> scope = TeamsHttp.tokenRequest(teams.tokenUrl(), badScope);
    assertThat(scope.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(scope.body()).path("error").asText()).isEqualTo("invalid_scope");

    Map<String, String> otherApp = new HashMap<>(TeamsHttp.clientCredentials(TeamsHttp.SECRET));
    otherApp.put("client_id", "someone-else");
    assertThat(TeamsHttp.tokenRequest(teams.tokenUrl(), otherApp).statusCode()).isEqualTo(400);
    assertThat(TeamsHttp.tokenRequest(teams.tokenUrl(), Map.of()).statusCode()).isEqualTo(400);
  }

  @Test
  void postThenPutKeepsTheLatestVersionOfTheCard() throws Exception {
    String token = token();
    HttpResponse<String> posted =
        TeamsHttp.send("POST", TeamsHttp.activitiesUrl(teams), token, TeamsCards.PLAN);
    assertThat(posted.statusCode()).isEqualTo(201);
    String id = JSON.readTree(posted.body()).path("id").asText();
    assertThat(id).matches("\\d+");

    HttpResponse<String> updated =
        TeamsHttp.send(
            "PUT", TeamsHttp.activitiesUrl(teams) + "/" + id, token, TeamsCards.APPROVED);
    assertThat(updated.statusCode()).isEqualTo(200);
    assertThat(JSON.readTree(updated.body()).path("id").asText()).isEqualTo(id);

    JsonNode cards =
        JSON.readTree(TeamsHttp.send("GET", teams.baseUrl() + "/teams/cards", null, null).body());
    assertThat(cards).hasSize(1);
    assertThat(cards.get(0).path("id").asText()).isEqualTo(id);
    assertThat(cards.get(0).path("conversation_id").asText()).isEqualTo(TeamsCards.CONVERSATION);
    assertThat(cards.get(0).path("version").asInt()).isEqualTo(2);
    assertThat(cards.get(0).path("activity")).isEqualTo(JSON.readTree(TeamsCards.APPROVED));
  }

  @Test
  void theConnectorRefusesCallsWithoutAValidBearerToken() throws Exception {
    HttpResponse<String> none =
        TeamsHttp.send("POST", TeamsHttp.activitiesUrl(teams), null, TeamsCards.PLAN);
    assertThat(none.statusCode()).isEqualTo(401);
    assertThat(JSON.readTree(none.body()).path("error").path("message").asText())
        .isEqualTo("Authorization has been denied for this request (bearer token MISSING)");
    HttpResponse<String> forged =
        TeamsHttp.send("POST", TeamsHttp.activitiesUrl(teams), "made-up", TeamsCards.PLAN);
    assertThat(forged.statusCode()).isEqualTo(401);
    assertThat(JSON.readTree(forged.body()).path("error").path("message").asText())
        .endsWith("(bearer token UNKNOWN)");
    assertThat(teams.cards().all()).isEmpty();
  }

  @Test
  void badActivitiesAndUnknownCardsAreRefusedWithAReason() throws Exception {
    String token = token();
    HttpResponse<String> notJson =
        TeamsHttp.send("POST", TeamsHttp.activitiesUrl(teams), token, "not json");
    assertThat(notJson.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(notJson.body()).path("error").path("code").asText())
        .isEqualTo("BadSyntax");
    HttpResponse<String> unknown =
        TeamsHttp.send("PUT", TeamsHttp.activitiesUrl(teams) + "/42", token, TeamsCards.APPROVED);
    assertThat(unknown.statusCode()).isEqualTo(404);
    assertThat(JSON.readTree(unknown.body()).path("error").path("code").asText())
        .isEqualTo("ActivityNotFound");
    assertThat(teams.cards().all()).isEmpty();
  }

  @Test
  void servesTheOpenIdMetadataAndTheJwksItNames() throws Exception {
    JsonNode metadata =
        JSON.readTree(TeamsHttp.send("GET", teams.openIdMetadataUrl(), null, null).body());
    assertThat(metadata.path("jwks_uri").asText())
        .isEqualTo(teams.baseUrl() + "/v1/.well-known/keys");
    JsonNode jwks =
        JSON.readTree(TeamsHttp.send("GET", metadata.path("jwks_uri").asText(), null, null).body());
    assertThat(jwks.path("keys").get(0).path("endorsements").toString()).isEqualTo("[\"msteams\"]");
  }

  private String token() throws Exception {
    return JSON.readTree(
            TeamsHttp.tokenRequest(teams.tokenUrl(), TeamsHttp.clientCredentials(TeamsHttp.SECRET))
                .body())
        .path("access_token")
        .asText();
  }
}
