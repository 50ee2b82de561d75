package io.strata.simulator.slack;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Slack for the local run: takes the remediator's incoming-webhook posts (/slack/webhook, or any
 * /services/... path like hooks.slack.com) and its response_url posts (/slack/response/&lt;ts&gt;),
 * keeps them for GET /slack/messages, and in auto-approve mode clicks each new Approve button.
 */
public final class SlackStandIn implements AutoCloseable {

  static final String TEAM_ID = "T0STRATA1";
  static final String APP_ID = "A0STRATA1";
  static final String CHANNEL_ID = "C0GPUONC1";

  private static final Logger LOG = LoggerFactory.getLogger(SlackStandIn.class);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Clock clock;
  private final ApprovalClicker clicker;
  private final boolean autoApprove;
  private final List<ObjectNode> messages = new ArrayList<>();
  private final AtomicLong sequence = new AtomicLong();
  private HttpServer server;
  private ExecutorService executor;
  private String baseUrl;

  public SlackStandIn(Clock clock, ApprovalClicker clicker, boolean autoApprove) {
    this.clock = clock;
    this.clicker = clicker;
    this.autoApprove = autoApprove;
  }

  public String start(String host, int port, ExecutorService executor) throws IOException {
    this.executor = executor;
    server = HttpServer.create(new InetSocketAddress(host, port), 64);
    server.createContext("/slack/webhook", exchange -> post(exchange, null));
    server.createContext("/services/", exchange -> post(exchange, null));
    server.createContext(
        "/slack/response/",
        exchange ->
            post(
                exchange,
                exchange.getRequestURI().getPath().substring("/slack/response/".length())));
    server.createContext("/slack/messages", this::list);
    server.setExecutor(executor);
    server.start();
    baseUrl = "http://" + host + ":" + server.getAddress().getPort();
    return baseUrl;
  }

  /** The URL to configure as the remediator's Slack incoming webhook. */
  public String webhookUrl() {
    return baseUrl + "/slack/webhook";
  }

  /** Everything received, oldest first. */
  public synchronized ArrayNode messages() {
    ArrayNode out = JSON.createArrayNode();
    messages.forEach(m -> out.add(m.deepCopy()));
    return out;
  }

  private void post(HttpExchange exchange, String respondingTo) throws IOException {
    if (!"POST".equals(exchange.getRequestMethod())) {
      respond(exchange, 405, "method_not_allowed");
      return;
    }
    String body;
    try (InputStream in = exchange.getRequestBody()) {
      body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    JsonNode message;
    try {
      message = JSON.readTree(body);
    } catch (JsonProcessingException e) {
      respond(exchange, 400, "invalid_payload");
      return;
    }
    if (message == null || !message.isObject()) {
      respond(exchange, 400, "invalid_payload");
      return;
    }
    if (!message.has("text") && !message.has("blocks")) {
      respond(exchange, 400, "no_text");
      return;
    }
    Instant now = clock.instant();
    String ts = InteractionPayload.seconds(now.plusNanos(sequence.incrementAndGet() * 1000));
    ObjectNode stored = JSON.createObjectNode();
    stored.put("ts", ts);
    stored.put("kind", respondingTo == null ? "webhook" : "response_url");
    if (respondingTo != null) {
      stored.put("in_response_to", respondingTo);
    }
    stored.put("received_at", now.toString());
    stored.set("body", message);
    synchronized (this) {
      messages.add(stored);
    }
    respond(exchange, 200, "ok");
    LOG.info(
        "slack {} message {}: {}",
        stored.get("kind").asText(),
        ts,
        message.path("text").asText(""));
    if (autoApprove) {
      String responseUrl =
          baseUrl + "/slack/response/" + (respondingTo == null ? ts : respondingTo);
      for (ApprovalButtons.Button button : ApprovalButtons.find(message)) {
        executor.execute(() -> clicker.click(button, message, ts, responseUrl));
      }
    }
  }

  private void list(HttpExchange exchange) throws IOException {
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    respond(exchange, 200, messages().toString());
  }

  private static void respond(HttpExchange exchange, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Override
  public void close() {
    if (server != null) {
      server.stop(0);
    }
  }
}
