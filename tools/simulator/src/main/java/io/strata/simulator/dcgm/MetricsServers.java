package io.strata.simulator.dcgm;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.strata.simulator.model.ClusterModel;
import io.strata.simulator.model.Node;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;

/**
 * The exporters' HTTP side. PER_NODE: one server per node on basePort + node index serving /metrics
 * and /health, like one dcgm-exporter pod per node. SHARED: one server on basePort serving
 * /nodes/&lt;node&gt;/metrics, for clusters of thousands of nodes.
 */
public final class MetricsServers implements AutoCloseable {

  /** How the exporters are laid out on ports. */
  public enum Mode {
    PER_NODE,
    SHARED
  }

  private static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  private final ClusterModel model;
  private final DcgmRenderer renderer;
  private final Clock clock;
  private final List<HttpServer> servers = new ArrayList<>();

  /** Each serving thread renders into its own buffer, reused page after page. */
  private final ThreadLocal<PageBuffer> buffers =
      ThreadLocal.withInitial(() -> new PageBuffer(1 << 17));

  private final Map<String, String> targets = new LinkedHashMap<>();

  public MetricsServers(ClusterModel model, DcgmRenderer renderer, Clock clock) {
    this.model = model;
    this.renderer = renderer;
    this.clock = clock;
  }

  /** Starts the servers; returns node name → scrape URL. */
  public Map<String, String> start(Mode mode, String host, int basePort, ExecutorService executor)
      throws IOException {
    List<Node> nodes = model.nodes();
    if (mode == Mode.SHARED) {
      HttpServer server = HttpServer.create(new InetSocketAddress(host, basePort), 256);
      server.createContext("/nodes/", this::sharedMetrics);
      server.createContext("/health", exchange -> respond(exchange, 200, "OK"));
      server.setExecutor(executor);
      server.start();
      servers.add(server);
      int port = server.getAddress().getPort();
      for (Node node : nodes) {
        targets.put(
            node.name(), "http://" + host + ":" + port + "/nodes/" + node.name() + "/metrics");
      }
      return Map.copyOf(targets);
    }
    for (int i = 0; i < nodes.size(); i++) {
      String node = nodes.get(i).name();
      HttpServer server =
          HttpServer.create(new InetSocketAddress(host, basePort == 0 ? 0 : basePort + i), 64);
      server.createContext("/metrics", exchange -> metrics(exchange, node));
      server.createContext("/health", exchange -> respond(exchange, 200, "OK"));
      server.setExecutor(executor);
      server.start();
      servers.add(server);
      targets.put(node, "http://" + host + ":" + server.getAddress().getPort() + "/metrics");
    }
    return new LinkedHashMap<>(targets);
  }

  public Map<String, String> targets() {
    return new LinkedHashMap<>(targets);
  }

  private void sharedMetrics(HttpExchange exchange) throws IOException {
    String path = exchange.getRequestURI().getPath();
    String rest = path.substring("/nodes/".length());
    int slash = rest.indexOf('/');
    if (slash <= 0 || !rest.substring(slash).equals("/metrics")) {
      respond(exchange, 404, "expected /nodes/<node>/metrics\n");
      return;
    }
    metrics(exchange, rest.substring(0, slash));
  }

  private void metrics(HttpExchange exchange, String node) throws IOException {
    if (!"GET".equals(exchange.getRequestMethod())) {
      respond(exchange, 405, "GET only\n");
      return;
    }
    if (model.node(node).isEmpty()) {
      respond(exchange, 404, "unknown node " + node + "\n");
      return;
    }
    exchange.getResponseHeaders().set("Content-Type", CONTENT_TYPE);
    Instant now = clock.instant();
    PageBuffer page = renderer.renderInto(buffers.get(), model.readings(node, now), now);
    exchange.sendResponseHeaders(200, page.length());
    try (OutputStream stream = exchange.getResponseBody()) {
      stream.write(page.array(), 0, page.length());
    }
  }

  private static void respond(HttpExchange exchange, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    if (!exchange.getResponseHeaders().containsKey("Content-Type")) {
      exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
    }
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream stream = exchange.getResponseBody()) {
      stream.write(bytes);
    }
  }

  @Override
  public void close() {
    servers.forEach(s -> s.stop(0));
    servers.clear();
  }
}
