package io.strata.remediator.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.strata.remediator.core.teams.TeamsTokens;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real HTTP server playing the Bot Framework for the remediator: OpenID metadata and a JWKS of
 * its own test key, the client-credentials token endpoint, and the connector's conversation
 * activities (each POST answered with a new activity id, each PUT with the same). Keeps every
 * request.
 */
public final class TeamsStandIn implements AutoCloseable {

  /** One request received. */
  public record Request(String method, String path, String authorization, String body) {
    JsonNode json() {
      try {
        return MAPPER.readTree(body);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  static final String CONVERSATION = "19:oncall@thread.tacv2";
  static final String ACCESS_TOKEN = "connector-token-for-tests";
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final HttpServer server;
  private final TeamsTokens signer = new TeamsTokens("stand-in-key-1");
  private final List<Request> requests = new CopyOnWriteArrayList<>();
  private final AtomicInteger activities = new AtomicInteger();

  public TeamsStandIn() {
    try {
      server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.createContext("/", this::handle);
    server.start();
  }

  private void handle(HttpExchange exchange) throws IOException {
    String body;
    try (InputStream in = exchange.getRequestBody()) {
      body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    String path = exchange.getRequestURI().getRawPath();
    String method = exchange.getRequestMethod();
    requests.add(
        new Request(method, path, exchange.getRequestHeaders().getFirst("Authorization"), body));
    String answer;
    if (path.equals("/openid")) {
      answer = TeamsTokens.metadata(url("/keys")).toString();
    } else if (path.equals("/keys")) {
      answer = signer.jwks().toString();
    } else if (path.equals("/token")) {
      answer =
          "{\"token_type\":\"Bearer\",\"expires_in\":3599,\"ext_expires_in\":3599,"
              + "\"access_token\":\""
              + ACCESS_TOKEN
              + "\"}";
    } else if (method.equals("POST")) {
      answer = "{\"id\":\"1733652000" + activities.incrementAndGet() + "\"}";
    } else {
      answer = "{\"id\":\"" + path.substring(path.lastIndexOf('/') + 1) + "\"}";
    }
    byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(200, bytes.length);
    exchange.getResponseBody().write(bytes);
    exchange.close();
  }

  public String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  /** The Bot Connector base URL; also the serviceUrl of the activities it sends. */
  public String serviceUrl() {
    return url("/connector/");
  }

  public TeamsTokens signer() {
    return signer;
  }

  public List<Request> requests() {
    return List.copyOf(requests);
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
