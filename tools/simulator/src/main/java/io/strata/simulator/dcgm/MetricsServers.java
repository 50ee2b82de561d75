package io.strata.simulator.dcgm;

import io.strata.simulator.model.ClusterModel;
import io.strata.simulator.model.Node;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The exporters' HTTP side. PER_NODE: one server per node on basePort + node index serving /metrics
 * and /health, like one dcgm-exporter pod per node. SHARED: one server on basePort serving
 * /nodes/&lt;node&gt;/metrics, for clusters of thousands of nodes.
 *
 * <p>All servers share one Vert.x instance with two event loops, and a page is rendered on the loop
 * that received its request. The JDK's HttpServer, used before, gives every server its own
 * dispatcher thread and hands each exchange to a pool: at 10,000 GPUs (1,250 servers, 1,250 pages
 * of ~84 kB a second) serving took 0.34 cores of the simulator while rendering the pages took 0.03
 * (per-thread CPU of a live run, docs/benchmarks/log/2026-12-06.md). The exporters are the fleet's,
 * not Strata's: on one box shared with the services, their cost is taken from the correlator.
 */
public final class MetricsServers implements AutoCloseable {

  /** How the exporters are laid out on ports. */
  public enum Mode {
    PER_NODE,
    SHARED
  }

  private static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  private final ClusterModel model;
  private final ExporterNamings namings;
  private final Clock clock;
  private final Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(2));

  /** Each event loop renders into its own buffer, reused page after page. */
  private final ThreadLocal<PageBuffer> buffers =
      ThreadLocal.withInitial(() -> new PageBuffer(1 << 17));

  private final Map<String, String> targets = new LinkedHashMap<>();

  public MetricsServers(ClusterModel model, ExporterNamings namings, Clock clock) {
    this.model = model;
    this.namings = namings;
    this.clock = clock;
  }

  /** Starts the servers; returns node name → scrape URL. */
  public Map<String, String> start(Mode mode, String host, int basePort) throws IOException {
    List<Node> nodes = model.nodes();
    if (mode == Mode.SHARED) {
      int port = listen(host, basePort, this::shared);
      for (Node node : nodes) {
        targets.put(
            node.name(), "http://" + host + ":" + port + "/nodes/" + node.name() + "/metrics");
      }
      return Map.copyOf(targets);
    }
    for (int i = 0; i < nodes.size(); i++) {
      String node = nodes.get(i).name();
      int port = listen(host, basePort == 0 ? 0 : basePort + i, request -> perNode(request, node));
      targets.put(node, "http://" + host + ":" + port + "/metrics");
    }
    return new LinkedHashMap<>(targets);
  }

  public Map<String, String> targets() {
    return new LinkedHashMap<>(targets);
  }

  private int listen(String host, int port, io.vertx.core.Handler<HttpServerRequest> handler)
      throws IOException {
    // HTTP/1.1 only, as dcgm-exporter's Go server: Vert.x would otherwise accept a client's h2c
    // upgrade (and HTTP/2 with prior knowledge), which no real exporter does.
    HttpServer server =
        vertx.createHttpServer(
            new HttpServerOptions().setHost(host).setPort(port).setHttp2ClearTextEnabled(false));
    server.requestHandler(handler);
    try {
      HttpServer bound =
          server.listen().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
      return bound.actualPort();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted binding " + host + ":" + port, e);
    } catch (Exception e) {
      throw new IOException("cannot serve exporter metrics on " + host + ":" + port, e);
    }
  }

  private void perNode(HttpServerRequest request, String node) {
    switch (request.path()) {
      case "/metrics" -> metrics(request, node);
      case "/health" -> respond(request, 200, "OK");
      default -> respond(request, 404, "expected /metrics or /health\n");
    }
  }

  private void shared(HttpServerRequest request) {
    String path = request.path();
    if (path.equals("/health")) {
      respond(request, 200, "OK");
      return;
    }
    String rest = path.startsWith("/nodes/") ? path.substring("/nodes/".length()) : "";
    int slash = rest.indexOf('/');
    if (slash <= 0 || !rest.substring(slash).equals("/metrics")) {
      respond(request, 404, "expected /nodes/<node>/metrics\n");
      return;
    }
    metrics(request, rest.substring(0, slash));
  }

  private void metrics(HttpServerRequest request, String node) {
    if (request.method() != HttpMethod.GET) {
      respond(request, 405, "GET only\n");
      return;
    }
    if (model.node(node).isEmpty()) {
      respond(request, 404, "unknown node " + node + "\n");
      return;
    }
    Buffer body;
    try {
      Instant now = clock.instant();
      PageBuffer page =
          namings.rendererOf(node).renderInto(buffers.get(), model.readings(node, now), now);
      body = Buffer.buffer(page.length()).appendBytes(page.array(), 0, page.length());
    } catch (RuntimeException e) {
      // Vert.x would log it and leave the scrape waiting for its timeout; answer it instead.
      respond(request, 500, "cannot render the page of " + node + ": " + e + "\n");
      return;
    }
    request.response().putHeader("Content-Type", CONTENT_TYPE).end(body);
  }

  private static void respond(HttpServerRequest request, int status, String body) {
    request
        .response()
        .setStatusCode(status)
        .putHeader("Content-Type", "text/plain; charset=utf-8")
        .end(body);
  }

  @Override
  public void close() {
    // Closing Vert.x closes every server it runs; its threads are not daemons, so it must close
    // even when a server's own close would fail.
    try {
      vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Exception e) {
      // closing at shutdown: nothing left to serve
    }
  }
}
