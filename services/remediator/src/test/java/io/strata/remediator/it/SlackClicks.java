package io.strata.remediator.it;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.remediator.slack.SlackSignatureVerifier;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;

/**
 * Builds block_actions payloads the way Slack sends them (form field {@code payload}, shaped like
 * Slack SDKs' own block_actions test payloads) and posts them signed over real HTTP.
 */
final class SlackClicks {

  static final String SIGNING_SECRET = "test-signing-secret-8f742231b10e";
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final HttpClient http = HttpClient.newHttpClient();
  private final URI endpoint;

  SlackClicks(URI endpoint) {
    this.endpoint = endpoint;
  }

  static byte[] body(String userId, String command, String actionId, String responseUrl) {
    ObjectNode payload = MAPPER.createObjectNode();
    payload.put("type", "block_actions");
    payload
        .putObject("user")
        .put("id", userId)
        .put("username", "oncall")
        .put("team_id", "T0G9PQBBK");
    payload.put("api_app_id", "A111");
    payload.put("token", "legacy-verification-token");
    payload
        .putObject("container")
        .put("type", "message")
        .put("message_ts", "1678252213.679169")
        .put("channel_id", "C111")
        .put("is_ephemeral", false);
    payload.put("trigger_id", "4916855695380.xxx.yyy");
    payload.putObject("team").put("id", "T0G9PQBBK");
    payload.putObject("channel").put("id", "C111");
    if (responseUrl != null) {
      payload.put("response_url", responseUrl);
    }
    ObjectNode action = payload.putArray("actions").addObject();
    action.put("action_id", command);
    action.put("block_id", "buttons-" + actionId);
    action.putObject("text").put("type", "plain_text").put("text", command);
    action.put("value", actionId);
    action.put("type", "button");
    action.put("action_ts", "1678252216.469172");
    String json = payload.toString();
    return ("payload=" + URLEncoder.encode(json, StandardCharsets.UTF_8))
        .getBytes(StandardCharsets.UTF_8);
  }

  static String sign(Instant at, byte[] body) {
    return new SlackSignatureVerifier(SIGNING_SECRET, Duration.ofMinutes(5))
        .sign(Long.toString(at.getEpochSecond()), body);
  }

  HttpResponse<String> post(byte[] body, String timestamp, String signature)
      throws IOException, InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(endpoint)
            .timeout(Duration.ofSeconds(10))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .header("X-Slack-Request-Timestamp", timestamp)
            .header("X-Slack-Signature", signature)
            .POST(HttpRequest.BodyPublishers.ofByteArray(body))
            .build();
    return http.send(request, HttpResponse.BodyHandlers.ofString());
  }

  /** A post without Slack's timestamp and signature headers. */
  HttpResponse<String> postUnsigned(byte[] body) throws IOException, InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(endpoint)
            .timeout(Duration.ofSeconds(10))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofByteArray(body))
            .build();
    return http.send(request, HttpResponse.BodyHandlers.ofString());
  }

  /** A correctly signed click at {@code at}. */
  HttpResponse<String> click(
      Instant at, String userId, String command, String actionId, String responseUrl)
      throws IOException, InterruptedException {
    byte[] body = body(userId, command, actionId, responseUrl);
    return post(body, Long.toString(at.getEpochSecond()), sign(at, body));
  }
}
