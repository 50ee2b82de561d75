package io.strata.remediator.teams;

import io.strata.remediator.core.patch.KubeJson;
import io.strata.remediator.core.teams.AdaptiveCard;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/**
 * A Workflows (Power Automate) "post to a channel when a webhook request is received" URL: the card
 * as a message attachment, one attempt per call ({@link CardPoster} retries). The URL carries its
 * own signature and is a secret.
 */
final class WorkflowsWebhook {

  private final String url;
  private final HttpClient http;
  private final Duration timeout;

  WorkflowsWebhook(String url, HttpClient http, Duration timeout) {
    this.url = url;
    this.http = http;
    this.timeout = timeout;
  }

  BotConnector.Attempt post(AdaptiveCard card) {
    var message = BotConnector.message(card, null);
    message
        .withArray("attachments")
        .forEach(a -> ((com.fasterxml.jackson.databind.node.ObjectNode) a).putNull("contentUrl"));
    try {
      HttpResponse<String> response =
          http.send(
              HttpRequest.newBuilder(URI.create(url))
                  .timeout(timeout)
                  .header("Content-Type", "application/json; charset=utf-8")
                  .POST(HttpRequest.BodyPublishers.ofString(KubeJson.write(message)))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      return new BotConnector.Attempt(response.statusCode(), Optional.empty());
    } catch (IOException e) {
      return new BotConnector.Attempt(0, Optional.empty());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new BotConnector.Attempt(0, Optional.empty());
    }
  }
}
