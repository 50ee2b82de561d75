package io.strata.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * An in-JVM HTTP server on a free port answering as a test's {@code api} says, keeping every
 * request, and the CLI run against it with what it prints kept.
 */
final class CliHarness implements AutoCloseable {

  /** One request as the server read it; {@code call} is {@code METHOD /path?query}. */
  record Request(String call, String path, String authorization, String contentType, String body) {

    boolean authorized(String token) {
      return ("Bearer " + token).equals(authorization);
    }
  }

  record Answer(int status, String body) {}

  final String base;

  /** Appended on the server's thread, read by the test after the CLI returned. */
  final List<Request> requests = Collections.synchronizedList(new ArrayList<>());

  private final Path home;
  private final Function<Request, Answer> api;
  private final HttpServer server;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  CliHarness(Path home, Function<Request, Answer> api) throws IOException {
    this.home = home;
    this.api = api;
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", this::handle);
    server.start();
    base = "http://127.0.0.1:" + server.getAddress().getPort();
  }

  private void handle(HttpExchange x) throws IOException {
    Request request =
        new Request(
            x.getRequestMethod() + " " + x.getRequestURI(),
            x.getRequestURI().getPath(),
            x.getRequestHeaders().getFirst("Authorization"),
            x.getRequestHeaders().getFirst("Content-Type"),
            new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
    requests.add(request);
    Answer answer = api.apply(request);
    byte[] bytes = answer.body().getBytes(StandardCharsets.UTF_8);
    x.sendResponseHeaders(answer.status(), bytes.length);
    try (OutputStream o = x.getResponseBody()) {
      o.write(bytes);
    }
  }

  /** Runs the CLI with {@code env} as its environment; returns its exit code. */
  int run(Map<String, String> env, String... args) {
    return StrataCli.run(
        List.of(args),
        env,
        home,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  /** Everything printed so far, across runs. */
  String stdout() {
    return out.toString(StandardCharsets.UTF_8);
  }

  String stderr() {
    return err.toString(StandardCharsets.UTF_8);
  }

  /** Stops the server; a test may do it early to see the CLI meet a refused connection. */
  @Override
  public void close() {
    server.stop(0);
  }
}
