package io.strata.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.events.remediation.PatchHash;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** The few HTTP calls the scenarios make: JSON GETs, authenticated POSTs and an approval. */
final class Http {

  private static final HttpClient CLIENT =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
  private static final ObjectMapper JSON = new ObjectMapper();

  private Http() {}

  /** The JSON body of a 200 answer, or null for any other status. */
  static JsonNode getJson(String url) {
    return json(url, send(HttpRequest.newBuilder(URI.create(url)).GET()));
  }

  /** As {@link #getJson(String)}, with a bearer token. */
  static JsonNode getJson(String url, String bearerToken) {
    return json(url, get(url, bearerToken));
  }

  /** Any answer to a plain GET (a simulated exporter's page), as it came. */
  static HttpResponse<String> get(String url) {
    return send(HttpRequest.newBuilder(URI.create(url)).GET());
  }

  /** Any answer to an authenticated GET, as it came: for a failure's diagnosis. */
  static HttpResponse<String> get(String url, String bearerToken) {
    return send(
        HttpRequest.newBuilder(URI.create(url))
            .header("Authorization", "Bearer " + bearerToken)
            .GET());
  }

  private static JsonNode json(String url, HttpResponse<String> response) {
    if (response.statusCode() != 200) {
      return null;
    }
    try {
      return JSON.readTree(response.body());
    } catch (IOException e) {
      throw new UncheckedIOException("not JSON from " + url + ": " + response.body(), e);
    }
  }

  static HttpResponse<String> post(String url, String bearerToken) {
    return send(
        HttpRequest.newBuilder(URI.create(url))
            .header("Authorization", "Bearer " + bearerToken)
            .POST(HttpRequest.BodyPublishers.noBody()));
  }

  /**
   * Approves {@code actionId} as the console and the CLI do: reads the action's current patch,
   * shows nothing but sends its SHA-256 as {@code patch_sha256} (the remediator requires it and
   * refuses another patch's hash with PATCH_CHANGED). A failed read sends no hash, so the answer
   * names what went wrong.
   */
  static HttpResponse<String> approveAsShown(
      String remediatorUrl, String actionId, String bearerToken) {
    String action = remediatorUrl + "/api/actions/" + actionId;
    JsonNode history = getJson(action, bearerToken);
    String query = "";
    if (history != null && history.isArray() && !history.isEmpty()) {
      JsonNode patch = history.get(history.size() - 1).path("patch");
      query =
          "?patch_sha256="
              + PatchHash.of(patch.isNull() || patch.isMissingNode() ? null : patch.asText());
    }
    return post(action + "/approve" + query, bearerToken);
  }

  /** A JSON merge patch (the fault suite's clean-up of the mock Kubernetes API). */
  static HttpResponse<String> mergePatch(String url, String patch) {
    return send(
        HttpRequest.newBuilder(URI.create(url))
            .header("Content-Type", "application/merge-patch+json")
            .method("PATCH", HttpRequest.BodyPublishers.ofString(patch)));
  }

  private static HttpResponse<String> send(HttpRequest.Builder request) {
    try {
      return CLIENT.send(
          request.timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}
