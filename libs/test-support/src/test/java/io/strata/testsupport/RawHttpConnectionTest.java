package io.strata.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class RawHttpConnectionTest {

  private HttpServer server;
  private final List<Integer> clientPorts = new ArrayList<>();

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    // Echoes method, content type, authorization and body; the path picks the framing.
    server.createContext(
        "/",
        exchange -> {
          byte[] request = exchange.getRequestBody().readAllBytes();
          synchronized (clientPorts) {
            clientPorts.add(exchange.getRemoteAddress().getPort());
          }
          String echo =
              exchange.getRequestMethod()
                  + " "
                  + exchange.getRequestHeaders().getFirst("Content-Type")
                  + " "
                  + exchange.getRequestHeaders().getFirst("Authorization")
                  + " "
                  + new String(request, StandardCharsets.UTF_8);
          answer(exchange, exchange.getRequestURI().getPath(), echo);
        });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private static void answer(HttpExchange exchange, String path, String echo) throws IOException {
    byte[] body = echo.getBytes(StandardCharsets.UTF_8);
    switch (path) {
      case "/empty" -> exchange.sendResponseHeaders(401, -1);
      case "/chunked" -> {
        // A length of 0 makes the JDK server send the body chunked.
        exchange.sendResponseHeaders(200, 0);
        exchange.getResponseBody().write(body);
      }
      case "/close" -> {
        exchange.getResponseHeaders().set("Connection", "close");
        exchange.sendResponseHeaders(400, body.length);
        exchange.getResponseBody().write(body);
      }
      default -> {
        exchange.sendResponseHeaders(200, body.length);
        exchange.getResponseBody().write(body);
      }
    }
    exchange.close();
  }

  @Test
  void readsLengthFramedChunkedAndEmptyAnswersOnOneConnection() throws IOException {
    try (RawHttpConnection connection = new RawHttpConnection(server.getAddress().getPort())) {
      byte[] body = "{\"é\":1}".getBytes(StandardCharsets.UTF_8);
      assertThat(
              connection.send(
                  "POST", "/length", body, "Content-Type", "application/json", "X-None", null))
          .isEqualTo(new RawHttpConnection.Answer(200, "POST application/json null {\"é\":1}"));
      assertThat(connection.send("PUT", "/chunked", body, "Authorization", "Bearer t"))
          .isEqualTo(new RawHttpConnection.Answer(200, "PUT null Bearer t {\"é\":1}"));
      assertThat(connection.send("POST", "/empty", new byte[0]))
          .isEqualTo(new RawHttpConnection.Answer(401, ""));
    }
    assertThat(clientPorts).hasSize(3).containsOnly(clientPorts.get(0));
  }

  @Test
  void reopensAfterAnAnswerThatClosesTheConnection() throws IOException {
    try (RawHttpConnection connection = new RawHttpConnection(server.getAddress().getPort())) {
      byte[] body = "x".getBytes(StandardCharsets.UTF_8);
      assertThat(connection.send("POST", "/close", body))
          .isEqualTo(new RawHttpConnection.Answer(400, "POST null null x"));
      assertThat(connection.send("POST", "/length", body))
          .isEqualTo(new RawHttpConnection.Answer(200, "POST null null x"));
    }
    assertThat(clientPorts).hasSize(2).doesNotHaveDuplicates();
  }
}
