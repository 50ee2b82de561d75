package io.strata.simulator.teams;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Collectors;

/** The bot's side of the HTTP calls, for the tests. */
final class TeamsHttp {

  static final String APP_ID = "8f1c6a4e-5157-4a7a-9000-000000000001";
  static final String SECRET = "test-app-password";

  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private TeamsHttp() {}

  static HttpResponse<String> send(String method, String url, String token, String body)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(url))
            .header("Content-Type", "application/json")
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  static HttpResponse<String> tokenRequest(String url, Map<String, String> form) throws Exception {
    String body =
        form.entrySet().stream()
            .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
            .collect(Collectors.joining("&"));
    return HTTP.send(
        HttpRequest.newBuilder(URI.create(url))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  static Map<String, String> clientCredentials(String secret) {
    return Map.of(
        "grant_type",
        "client_credentials",
        "client_id",
        APP_ID,
        "client_secret",
        secret,
        "scope",
        "https://api.botframework.com/.default");
  }

  static String activitiesUrl(TeamsStandIn teams) {
    return teams.serviceUrl()
        + "v3/conversations/"
        + URLEncoder.encode(TeamsCards.CONVERSATION, StandardCharsets.UTF_8)
        + "/activities";
  }
}
