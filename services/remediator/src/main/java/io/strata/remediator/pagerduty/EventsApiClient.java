package io.strata.remediator.pagerduty;

import io.strata.remediator.core.pagerduty.Delivery;
import io.strata.remediator.core.pagerduty.EventSender;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * POSTs an event body to the Events API v2 enqueue endpoint over the JDK's HTTP client, one attempt
 * per call ({@link EventSender} retries). Redirects are not followed.
 */
final class EventsApiClient implements EventSender.Transport {

  private final URI url;
  private final HttpClient http;
  private final Duration timeout;

  EventsApiClient(String url, Duration timeout) {
    this.url = URI.create(url);
    this.timeout = timeout;
    this.http =
        HttpClient.newBuilder()
            .connectTimeout(timeout)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
  }

  @Override
  public Delivery post(String body) {
    HttpRequest request =
        HttpRequest.newBuilder(url)
            .timeout(timeout)
            .header("Content-Type", "application/json")
            .header("Accept", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    try {
      HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
      return Delivery.classify(response.statusCode(), response.body());
    } catch (IOException e) {
      return Delivery.unreachable(e.getClass().getSimpleName() + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Delivery.unreachable("interrupted");
    }
  }
}
