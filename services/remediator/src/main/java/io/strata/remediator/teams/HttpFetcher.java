package io.strata.remediator.teams;

import io.strata.remediator.core.teams.BotKeys;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** GETs the OpenID metadata and the JWKS; anything but a 200 is a failed read. */
final class HttpFetcher implements BotKeys.Fetcher {

  private final HttpClient http;
  private final Duration timeout;

  HttpFetcher(Duration timeout) {
    this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
    this.timeout = timeout;
  }

  @Override
  public String get(String url) throws IOException {
    try {
      HttpResponse<String> response =
          http.send(
              HttpRequest.newBuilder(URI.create(url)).timeout(timeout).GET().build(),
              HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        throw new IOException("GET " + url + " answered " + response.statusCode());
      }
      return response.body();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    } catch (IllegalArgumentException e) {
      throw new IOException("not a usable URL: " + url, e);
    }
  }
}
