package io.strata.deviceingest.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A dcgm-exporter stand-in over real HTTP: {@code GET /metrics} serves the current page, {@code PUT
 * /metrics} replaces it (tests drive it over HTTP, so no state is shared across class loaders),
 * {@code GET /broken} always answers 503. Both URLs become static scrape targets.
 */
public class FakeExporterResource implements QuarkusTestResourceLifecycleManager {

  private final AtomicReference<byte[]> page = new AtomicReference<>(new byte[0]);
  private HttpServer server;

  @Override
  public Map<String, String> start() {
    try {
      server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.createContext("/metrics", this::metrics);
    server.createContext("/broken", exchange -> reply(exchange, 503, new byte[0]));
    server.start();
    String base = "http://127.0.0.1:" + server.getAddress().getPort();
    return Map.of("strata.device-ingest.scrape.targets", base + "/metrics," + base + "/broken");
  }

  private void metrics(HttpExchange exchange) throws IOException {
    if ("PUT".equals(exchange.getRequestMethod())) {
      page.set(exchange.getRequestBody().readAllBytes());
      reply(exchange, 204, new byte[0]);
      return;
    }
    exchange.getResponseHeaders().add("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
    reply(exchange, 200, page.get());
  }

  private static void reply(HttpExchange exchange, int status, byte[] body) throws IOException {
    exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  /** Replaces the page served at {@code url} (the first target this resource announced). */
  public static void serve(String url, String body) {
    try {
      java.net.http.HttpResponse<Void> response =
          java.net.http.HttpClient.newHttpClient()
              .send(
                  java.net.http.HttpRequest.newBuilder(java.net.URI.create(url))
                      .PUT(
                          java.net.http.HttpRequest.BodyPublishers.ofString(
                              body, StandardCharsets.UTF_8))
                      .build(),
                  java.net.http.HttpResponse.BodyHandlers.discarding());
      if (response.statusCode() != 204) {
        throw new IllegalStateException("fake exporter answered " + response.statusCode());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void stop() {
    if (server != null) {
      server.stop(0);
    }
  }
}
