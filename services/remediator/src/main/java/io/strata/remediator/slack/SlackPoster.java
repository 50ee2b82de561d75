package io.strata.remediator.slack;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.remediator.core.patch.KubeJson;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Posts JSON messages to an incoming webhook or a response_url over real HTTP. */
public final class SlackPoster {

  /** The outcome of one post. */
  public enum PostOutcome {
    DELIVERED,
    REJECTED,
    UNREACHABLE
  }

  private final HttpClient http;
  private final Duration timeout;

  public SlackPoster(Duration timeout) {
    this.timeout = timeout;
    this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
  }

  public PostOutcome post(String url, ObjectNode message) {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(url))
            .timeout(timeout)
            .header("Content-Type", "application/json;charset=utf-8")
            .POST(HttpRequest.BodyPublishers.ofString(KubeJson.write(message)))
            .build();
    try {
      HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
      return response.statusCode() == 200 ? PostOutcome.DELIVERED : PostOutcome.REJECTED;
    } catch (IOException e) {
      return PostOutcome.UNREACHABLE;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return PostOutcome.UNREACHABLE;
    }
  }
}
