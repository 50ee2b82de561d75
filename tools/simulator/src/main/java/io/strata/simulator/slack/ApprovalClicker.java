package io.strata.simulator.slack;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Clicks a button the way Slack delivers the click: a form-encoded {@code payload=} POST to the
 * app's interactivity URL, signed with the signing secret. Each (action_id, value) is clicked once.
 */
public final class ApprovalClicker {

  private static final Logger LOG = LoggerFactory.getLogger(ApprovalClicker.class);

  private final URI interactionsUrl;
  private final SlackSigner signer;
  private final String approverUserId;
  private final Clock clock;
  private final HttpClient http;
  private final Set<String> clicked = ConcurrentHashMap.newKeySet();

  public ApprovalClicker(
      URI interactionsUrl, SlackSigner signer, String approverUserId, Clock clock) {
    this.interactionsUrl = interactionsUrl;
    this.signer = signer;
    this.approverUserId = approverUserId;
    this.clock = clock;
    this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();
  }

  /** The request a click sends, exactly as signed. */
  public HttpRequest request(
      ApprovalButtons.Button button, JsonNode message, String messageTs, String responseUrl) {
    Instant now = clock.instant();
    String payload =
        InteractionPayload.blockActions(
            button, message, messageTs, approverUserId, responseUrl, now);
    String body = "payload=" + URLEncoder.encode(payload, StandardCharsets.UTF_8);
    long timestamp = now.getEpochSecond();
    return HttpRequest.newBuilder(interactionsUrl)
        .timeout(Duration.ofSeconds(3))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .header("X-Slack-Request-Timestamp", Long.toString(timestamp))
        .header("X-Slack-Signature", signer.sign(timestamp, body))
        .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
        .build();
  }

  void click(
      ApprovalButtons.Button button, JsonNode message, String messageTs, String responseUrl) {
    if (!clicked.add(button.actionId() + "|" + button.value())) {
      return;
    }
    try {
      HttpResponse<String> response =
          http.send(
              request(button, message, messageTs, responseUrl),
              HttpResponse.BodyHandlers.ofString());
      LOG.info(
          "clicked {} on {} as {}: HTTP {}",
          button.actionId(),
          button.value(),
          approverUserId,
          response.statusCode());
    } catch (IOException e) {
      clicked.remove(button.actionId() + "|" + button.value());
      LOG.warn(
          "could not deliver the {} click to {}: {}",
          button.actionId(),
          interactionsUrl,
          e.toString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
