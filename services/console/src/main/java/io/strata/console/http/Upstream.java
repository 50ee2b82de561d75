package io.strata.console.http;

import io.strata.console.config.ConsoleConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;

/**
 * Calls to the correlator and the remediator. The console keeps no token: calls to the remediator
 * carry the signed-in user's own {@code Authorization} header, so every approval is audited under
 * that user's principal.
 */
@ApplicationScoped
public class Upstream {

  /** An answer from a service; status 502 with a reason when it could not be reached. */
  public record Answer(int status, String body) {}

  @Inject ConsoleConfig config;
  private final HttpClient http = HttpClient.newHttpClient();

  public Answer correlator(String path) {
    return send(
        config.correlatorUrl(), "GET", path, config.correlatorToken().map(t -> "Bearer " + t));
  }

  public Answer remediator(String method, String path, Optional<String> authorization) {
    return send(config.remediatorUrl(), method, path, authorization);
  }

  private Answer send(String base, String method, String path, Optional<String> authorization) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(stripSlash(base) + path))
            .timeout(config.httpTimeout())
            .method(method, HttpRequest.BodyPublishers.noBody());
    authorization.ifPresent(value -> request.header("Authorization", value));
    try {
      HttpResponse<String> response =
          http.send(request.build(), HttpResponse.BodyHandlers.ofString());
      return new Answer(response.statusCode(), response.body());
    } catch (IOException e) {
      return unreachable(base, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return unreachable(base, e);
    }
  }

  private static Answer unreachable(String base, Exception e) {
    return new Answer(
        502,
        "{\"reason\":\"UPSTREAM_UNREACHABLE\",\"message\":\""
            + (base + ": " + e).replace("\\", "/").replace("\"", "'")
            + "\"}");
  }

  private static String stripSlash(String base) {
    return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
  }
}
