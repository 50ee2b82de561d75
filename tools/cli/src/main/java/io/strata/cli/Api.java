package io.strata.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.strata.events.json.StrataJson;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/** HTTP calls to the console and the remediator, every failure turned into a clear CliException. */
final class Api {

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final CliSettings settings;

  Api(CliSettings settings) {
    this.settings = settings;
  }

  JsonNode console(String path) {
    return json(call("console", settings.console(), "GET", path, Optional.empty()));
  }

  String consoleText(String path) {
    return call("console", settings.console(), "GET", path, Optional.empty());
  }

  JsonNode remediator(String method, String path) {
    if (settings.token().isEmpty()) {
      throw new CliException(
          CliException.Reason.NO_TOKEN,
          "the remediator needs a token: --token, STRATA_TOKEN or token= in the config file");
    }
    return json(call("remediator", settings.remediator(), method, path, settings.token()));
  }

  /**
   * POSTs {@code body} (of {@code contentType}) to the remediator, waiting up to {@code timeout}
   * for the answer (a backtest reads a topic and replays it).
   */
  JsonNode remediatorPost(String path, String body, String contentType, Duration timeout) {
    if (settings.token().isEmpty()) {
      throw new CliException(
          CliException.Reason.NO_TOKEN,
          "the remediator needs a token: --token, STRATA_TOKEN or token= in the config file");
    }
    return json(
        call(
            "remediator",
            settings.remediator(),
            "POST",
            path,
            settings.token(),
            HttpRequest.BodyPublishers.ofString(body),
            contentType,
            timeout));
  }

  private String call(
      String service, String base, String method, String path, Optional<String> token) {
    return call(
        service,
        base,
        method,
        path,
        token,
        HttpRequest.BodyPublishers.noBody(),
        null,
        Duration.ofSeconds(15));
  }

  private String call(
      String service,
      String base,
      String method,
      String path,
      Optional<String> token,
      HttpRequest.BodyPublisher body,
      String contentType,
      Duration timeout) {
    URI uri;
    try {
      uri = URI.create(base.replaceAll("/+$", "") + path);
    } catch (IllegalArgumentException e) {
      throw new CliException(
          CliException.Reason.CONFIG, "not a URL for the " + service + ": " + base);
    }
    HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(timeout).method(method, body);
    token.ifPresent(t -> request.header("Authorization", "Bearer " + t));
    if (contentType != null) {
      request.header("Content-Type", contentType);
    }
    HttpResponse<String> response;
    try {
      response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (ConnectException e) {
      throw unreachable(service, base, "connection refused");
    } catch (IOException e) {
      throw unreachable(service, base, e.toString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw unreachable(service, base, "interrupted");
    }
    int status = response.statusCode();
    if (status >= 200 && status < 300) {
      return response.body();
    }
    String detail = detail(response.body());
    throw switch (status) {
      case 401 ->
          new CliException(
              CliException.Reason.UNKNOWN_TOKEN,
              "the "
                  + service
                  + " at "
                  + base
                  + " does not accept this token (401): check --token / STRATA_TOKEN");
      case 400 -> new CliException(CliException.Reason.BAD_REQUEST, "refused (400): " + detail);
      case 403 -> new CliException(CliException.Reason.FORBIDDEN, "refused (403): " + detail);
      case 404 -> new CliException(CliException.Reason.NOT_FOUND, "not found (404): " + detail);
      case 409 -> new CliException(CliException.Reason.CONFLICT, "conflict (409): " + detail);
      case 429 -> new CliException(CliException.Reason.BUSY, "busy (429): " + detail);
      default ->
          new CliException(
              CliException.Reason.UPSTREAM_ERROR,
              "the " + service + " answered " + status + ": " + detail);
    };
  }

  private static CliException unreachable(String service, String base, String why) {
    return new CliException(
        CliException.Reason.UNREACHABLE,
        "cannot reach the "
            + service
            + " at "
            + base
            + " ("
            + why
            + "): check --"
            + service
            + " / STRATA_"
            + service.toUpperCase(java.util.Locale.ROOT)
            + "_URL");
  }

  private static String detail(String body) {
    try {
      JsonNode node = StrataJson.mapper().readTree(body);
      if (node != null && node.has("reason")) {
        return node.path("reason").asText() + " " + node.path("message").asText();
      }
    } catch (IOException | RuntimeException e) {
      // not JSON: show it as it is
    }
    return body == null ? "" : body.strip();
  }

  private static JsonNode json(String body) {
    try {
      return StrataJson.mapper().readTree(body);
    } catch (IOException e) {
      throw new CliException(CliException.Reason.UPSTREAM_ERROR, "not JSON: " + body);
    }
  }
}
