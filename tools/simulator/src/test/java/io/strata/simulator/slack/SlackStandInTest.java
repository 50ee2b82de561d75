package io.strata.simulator.slack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SlackStandInTest {

  private static final String SECRET = "test-signing-secret";
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-11-30T12:00:00Z"), ZoneOffset.UTC);
  private static final ObjectMapper JSON = new ObjectMapper();

  record Received(Map<String, List<String>> headers, String body) {}

  private final List<Received> interactions = new CopyOnWriteArrayList<>();
  private final ExecutorService executor = Executors.newFixedThreadPool(4);
  private HttpServer remediator;
  private SlackStandIn slack;

  @AfterEach
  void stop() {
    if (slack != null) {
      slack.close();
    }
    if (remediator != null) {
      remediator.stop(0);
    }
    executor.shutdownNow();
  }

  @Test
  void autoApproveClicksEachApproveButtonOnceWithAValidSignature() throws Exception {
    String slackUrl = startBoth(true);
    String message =
        """
        {"text":"plan","blocks":[{"type":"actions","block_id":"buttons-a1","elements":[
          {"type":"button","action_id":"approve","text":{"type":"plain_text","text":"Approve"},
           "style":"primary","value":"a1"},
          {"type":"button","action_id":"reject","text":{"type":"plain_text","text":"Reject"},
           "style":"danger","value":"a1"}]}]}
        """;
    assertThat(post(slack.webhookUrl(), message).statusCode()).isEqualTo(200);
    assertThat(post(slack.webhookUrl(), message).body()).isEqualTo("ok");
    await().atMost(Duration.ofSeconds(10)).until(() -> interactions.size() >= 1);

    Received click = interactions.get(0);
    assertThat(click.headers().get("Content-type"))
        .containsExactly("application/x-www-form-urlencoded");
    String timestamp = click.headers().get("X-slack-request-timestamp").get(0);
    assertThat(timestamp).isEqualTo(Long.toString(CLOCK.instant().getEpochSecond()));
    assertThat(click.headers().get("X-slack-signature").get(0))
        .isEqualTo(independentSignature(timestamp, click.body()));

    assertThat(click.body()).startsWith("payload=");
    JsonNode payload =
        JSON.readTree(URLDecoder.decode(click.body().substring(8), StandardCharsets.UTF_8));
    assertThat(payload.path("type").asText()).isEqualTo("block_actions");
    assertThat(payload.path("user").path("id").asText()).isEqualTo("U0APPROVER");
    assertThat(payload.path("actions").get(0).path("action_id").asText()).isEqualTo("approve");
    assertThat(payload.path("actions").get(0).path("value").asText()).isEqualTo("a1");
    assertThat(payload.path("actions").get(0).path("block_id").asText()).isEqualTo("buttons-a1");
    assertThat(payload.path("response_url").asText()).startsWith(slackUrl + "/slack/response/");
    assertThat(payload.path("container").path("type").asText()).isEqualTo("message");
    assertThat(payload.path("message").path("blocks")).hasSize(1);
    assertThat(payload.has("trigger_id")).isTrue();
    assertThat(payload.path("team").path("id").asText()).isNotBlank();
    assertThat(payload.path("api_app_id").asText()).isNotBlank();

    assertThat(post(payload.path("response_url").asText(), "{\"text\":\"approved\"}").statusCode())
        .isEqualTo(200);
    JsonNode stored = slack.messages();
    assertThat(stored).hasSize(3);
    assertThat(stored.get(2).path("kind").asText()).isEqualTo("response_url");
    assertThat(interactions).hasSize(1);
  }

  @Test
  void withoutAutoApproveMessagesAreOnlyKept() throws Exception {
    startBoth(false);
    post(
        slack.webhookUrl(),
        "{\"text\":\"x\",\"blocks\":[{\"type\":\"actions\",\"elements\":[{\"type\":\"button\","
            + "\"action_id\":\"approve\",\"value\":\"a9\"}]}]}");
    assertThat(slack.messages()).hasSize(1);
    assertThat(interactions).isEmpty();
  }

  @Test
  void rejectsBodiesThatAreNotAMessage() throws Exception {
    startBoth(false);
    assertThat(post(slack.webhookUrl(), "not json").statusCode()).isEqualTo(400);
    assertThat(post(slack.webhookUrl(), "{\"foo\":1}").body()).isEqualTo("no_text");
    assertThat(slack.messages()).isEmpty();
  }

  private String startBoth(boolean autoApprove) throws IOException {
    remediator = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 8);
    remediator.createContext(
        "/slack/interactions",
        exchange -> {
          try (InputStream in = exchange.getRequestBody()) {
            interactions.add(
                new Received(
                    Map.copyOf(exchange.getRequestHeaders()),
                    new String(in.readAllBytes(), StandardCharsets.UTF_8)));
          }
          exchange.sendResponseHeaders(200, -1);
          exchange.close();
        });
    remediator.start();
    URI interactionsUrl =
        URI.create("http://127.0.0.1:" + remediator.getAddress().getPort() + "/slack/interactions");
    ApprovalClicker clicker =
        new ApprovalClicker(interactionsUrl, new SlackSigner(SECRET), "U0APPROVER", CLOCK);
    slack = new SlackStandIn(CLOCK, clicker, autoApprove);
    return slack.start("127.0.0.1", 0, executor);
  }

  private static HttpResponse<String> post(String url, String body) throws Exception {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
  }

  /** HMAC computed here with the JDK directly, not through SlackSigner. */
  private static String independentSignature(String timestamp, String body) throws Exception {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    byte[] digest = mac.doFinal(("v0:" + timestamp + ":" + body).getBytes(StandardCharsets.UTF_8));
    return "v0=" + java.util.HexFormat.of().formatHex(digest);
  }
}
