package io.strata.simulator.pagerduty;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PagerDuty's Events API v2 for the local run and the tests: {@code POST /v2/enqueue} checks an
 * alert event as PagerDuty does ({@link EventCheck}) and answers 202 {@code
 * {"status":"success","message":"Event processed","dedup_key":…}} or 400 {@code {"status":"invalid
 * event","message":"Event object is invalid","errors":[…]}}; every accepted event is kept, in
 * order, for {@link #events()} and {@code GET /pagerduty/events}.
 */
public final class PagerDutyStandIn implements AutoCloseable {

  public static final String ENQUEUE_PATH = "/v2/enqueue";
  public static final String EVENTS_PATH = "/pagerduty/events";

  private static final Logger LOG = LoggerFactory.getLogger(PagerDutyStandIn.class);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final String routingKey;
  private final Clock clock;
  private final ReceivedEvents events = new ReceivedEvents();
  private final Deque<Integer> scripted = new ArrayDeque<>();
  private HttpServer server;
  private volatile String baseUrl;

  /**
   * @param routingKey the one integration key accepted (32 characters)
   */
  public PagerDutyStandIn(String routingKey, Clock clock) {
    this.routingKey = routingKey;
    this.clock = clock;
  }

  /** Listens on host:port (0 for any free port) and returns the base URL. */
  public String start(String host, int port, ExecutorService executor) throws IOException {
    server = HttpServer.create(new InetSocketAddress(host, port), 64);
    server.createContext("/", this::route);
    server.setExecutor(executor);
    server.start();
    baseUrl = "http://" + host + ":" + server.getAddress().getPort();
    return baseUrl;
  }

  /** The URL to configure as the remediator's {@code pagerduty.events-url}. */
  public String eventsUrl() {
    return baseUrl + ENQUEUE_PATH;
  }

  /** Every accepted event, oldest first. */
  public ReceivedEvents events() {
    return events;
  }

  /**
   * The next {@code times} well-formed events are answered {@code status} (429, 500, …) with
   * PagerDuty's error body and not kept: for tests of the sender's retries.
   */
  public synchronized void answerNext(int status, int times) {
    for (int i = 0; i < times; i++) {
      scripted.addLast(status);
    }
  }

  private void route(HttpExchange exchange) throws IOException {
    try {
      String path = exchange.getRequestURI().getPath();
      String method = exchange.getRequestMethod();
      if (path.equals(ENQUEUE_PATH)) {
        if ("POST".equals(method)) {
          enqueue(exchange);
        } else {
          respond(exchange, 405, error("error", "use POST", List.of()));
        }
      } else if (path.equals(EVENTS_PATH) && "GET".equals(method)) {
        respond(exchange, 200, events.toJson());
      } else {
        respond(exchange, 404, error("error", "no such endpoint " + path, List.of()));
      }
    } finally {
      exchange.close();
    }
  }

  private void enqueue(HttpExchange exchange) throws IOException {
    JsonNode event;
    try (InputStream in = exchange.getRequestBody()) {
      event = JSON.readTree(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      event = null;
    }
    if (event == null || !event.isObject()) {
      respond(exchange, 400, invalid(List.of("the body is not a JSON object")));
      return;
    }
    List<String> problems = EventCheck.problems(event, routingKey);
    if (!problems.isEmpty()) {
      LOG.info("pagerduty: refused an event: {}", problems);
      respond(exchange, 400, invalid(problems));
      return;
    }
    Integer status = nextScripted();
    if (status != null) {
      respond(exchange, status, error("error", "scripted answer " + status, List.of()));
      return;
    }
    String action = event.path("event_action").asText();
    String dedupKey =
        event.path("dedup_key").isTextual() && !event.path("dedup_key").asText().isBlank()
            ? event.path("dedup_key").asText()
            : UUID.randomUUID().toString().replace("-", "");
    events.add(action, dedupKey, event, clock.instant());
    LOG.info("pagerduty: {} {}", action, dedupKey);
    ObjectNode accepted = JSON.createObjectNode();
    accepted.put("status", "success");
    accepted.put("message", "Event processed");
    accepted.put("dedup_key", dedupKey);
    respond(exchange, 202, accepted);
  }

  private synchronized Integer nextScripted() {
    return scripted.pollFirst();
  }

  private static ObjectNode invalid(List<String> errors) {
    return error("invalid event", "Event object is invalid", errors);
  }

  private static ObjectNode error(String status, String message, List<String> errors) {
    ObjectNode body = JSON.createObjectNode();
    body.put("status", status);
    body.put("message", message);
    if (!errors.isEmpty()) {
      errors.forEach(body.putArray("errors")::add);
    }
    return body;
  }

  private static void respond(HttpExchange exchange, int status, JsonNode body) throws IOException {
    byte[] bytes = JSON.writeValueAsBytes(body);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
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
