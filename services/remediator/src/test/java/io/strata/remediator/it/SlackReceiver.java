package io.strata.remediator.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A real HTTP server standing in for Slack: the incoming webhook and response_urls point at it, and
 * it keeps every JSON body posted, answering 200 "ok" as Slack does.
 */
public final class SlackReceiver implements AutoCloseable {

  /** One received post. */
  public record Post(String path, String contentType, JsonNode body) {}

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final HttpServer server;
  private final List<Post> posts = new CopyOnWriteArrayList<>();

  public SlackReceiver() {
    try {
      server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.createContext(
        "/",
        exchange -> {
          try (InputStream in = exchange.getRequestBody()) {
            String body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            posts.add(
                new Post(
                    exchange.getRequestURI().getPath(),
                    exchange.getRequestHeaders().getFirst("Content-Type"),
                    MAPPER.readTree(body)));
          }
          byte[] ok = "ok".getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(200, ok.length);
          exchange.getResponseBody().write(ok);
          exchange.close();
        });
    server.start();
  }

  public String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  public List<Post> posts() {
    return List.copyOf(posts);
  }

  public List<Post> postsTo(String path) {
    return posts.stream().filter(p -> p.path().equals(path)).toList();
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
