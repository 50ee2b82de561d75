package io.strata.console.web;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A stand-in for the remediator's REST API (whoami, approve, pause, with its roles and 401 / 403
 * answers as docs/services/remediator.md documents them) and the correlator's workload API.
 */
public class FakeUpstreams implements QuarkusTestResourceLifecycleManager {

  public static final String APPROVER = "approver-token-0123456789";
  public static final String VIEWER = "viewer-token-0123456789";

  /** "principal action-id" of every approval the fake remediator accepted. */
  public static final List<String> APPROVALS = new CopyOnWriteArrayList<>();

  private HttpServer server;

  @Override
  public Map<String, String> start() {
    try {
      server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    server.createContext("/api/", this::handle);
    server.start();
    String base = "http://127.0.0.1:" + server.getAddress().getPort();
    return Map.of("strata.console.remediator-url", base, "strata.console.correlator-url", base);
  }

  private void handle(HttpExchange exchange) throws IOException {
    String path = exchange.getRequestURI().getPath();
    String auth = exchange.getRequestHeaders().getFirst("Authorization");
    String principal =
        ("Bearer " + APPROVER).equals(auth)
            ? "alice"
            : ("Bearer " + VIEWER).equals(auth) ? "victor" : null;
    if (path.startsWith("/api/workloads/") && path.endsWith("/window")) {
      answer(exchange, 200, workload());
      return;
    }
    if (principal == null) {
      answer(exchange, 401, "a valid bearer token is required");
      return;
    }
    boolean approver = principal.equals("alice");
    if (path.equals("/api/whoami")) {
      answer(
          exchange,
          200,
          "{\"principal\":\""
              + principal
              + "\",\"role\":\""
              + (approver ? "APPROVER" : "VIEWER")
              + "\",\"can_approve\":"
              + approver
              + ",\"can_operate\":false}");
    } else if (path.equals("/api/pause")) {
      answer(exchange, 200, "{\"paused\":false}");
    } else if (path.endsWith("/approve") && "POST".equals(exchange.getRequestMethod())) {
      if (!approver) {
        answer(
            exchange,
            403,
            "{\"reason\":\"ROLE_NOT_ALLOWED\",\"message\":\"victor has role VIEWER\"}");
        return;
      }
      String id = path.split("/")[3];
      APPROVALS.add(principal + " " + id + " " + exchange.getRequestURI().getQuery());
      answer(
          exchange,
          202,
          "{\"action_id\":\""
              + id
              + "\",\"state\":\"APPROVED\",\"approved_by\":\""
              + principal
              + "\"}");
    } else {
      answer(exchange, 404, "{\"reason\":\"UNKNOWN\"}");
    }
  }

  private static String workload() {
    return """
        {"gpus":1,"pods":1,"last_window":{"correlation":{"model_version":"v1"},
          "window_start":"2026-12-01T10:00:10Z","window_end":"2026-12-01T10:00:20Z","requests":100,
          "p95":1840.0,"stage_p95":{"QUEUE_WAIT":20.0,"GPU_EXECUTE":1700.0},"within_slo":20,
          "output_tokens_within_slo":0},
         "baselines":{"v1":{"p95":420.0,"stage_p95":{"QUEUE_WAIT":18.0,"GPU_EXECUTE":380.0},
          "effective_throughput":9.0,"windows":10}}}
        """;
  }

  private static void answer(HttpExchange exchange, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Override
  public void stop() {
    if (server != null) {
      server.stop(0);
    }
  }
}
