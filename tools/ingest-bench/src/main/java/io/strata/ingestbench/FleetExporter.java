package io.strata.ingestbench;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.strata.simulator.dcgm.DcgmRenderer;
import io.strata.simulator.model.ClusterModel;
import io.strata.simulator.model.ClusterShape;
import io.strata.simulator.model.Node;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The benchmark's exporters: the simulator's cluster model and dcgm-exporter renderer (4.x label
 * layout, default and DCP fields, pods attached) for N GPUs on nodes of 8, one HTTP server with
 * {@code /nodes/<node>/metrics} on a keep-alive connection per client. Pages are rendered up front,
 * a few variants per node taken at successive model ticks and served in turn, so values change from
 * scrape to scrape while the exporter's own CPU stays out of device-ingest's way. {@code /stats}
 * says how many pages and sample lines (non-comment lines) were served.
 *
 * <pre>FleetExporter GPUS VARIANTS TARGETS_FILE READY_FILE</pre>
 */
public final class FleetExporter {

  private static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  private record Page(byte[] body, int sampleLines) {}

  private final Map<String, Page[]> pages = new HashMap<>();
  private final Map<String, AtomicLong> turns = new HashMap<>();
  private final AtomicLong pagesServed = new AtomicLong();
  private final AtomicLong linesServed = new AtomicLong();

  public static void main(String[] args) throws Exception {
    int gpus = Integer.parseInt(args[0]);
    int variants = Integer.parseInt(args[1]);
    Path targetsFile = Path.of(args[2]);
    Path readyFile = Path.of(args[3]);
    new FleetExporter().run(gpus, variants, targetsFile, readyFile);
  }

  private void run(int gpus, int variants, Path targetsFile, Path readyFile) throws IOException {
    ClusterShape shape = ClusterShape.defaults().withNodes(Math.max(1, gpus / 8));
    Instant start = Instant.now();
    ClusterModel model = new ClusterModel(shape, start);
    DcgmRenderer renderer = new DcgmRenderer(shape, Duration.ofMinutes(5));
    List<String> nodes = new ArrayList<>();
    for (Node node : model.nodes()) {
      nodes.add(node.name());
      pages.put(node.name(), new Page[variants]);
      turns.put(node.name(), new AtomicLong());
    }
    long lines = 0;
    for (int v = 0; v < variants; v++) {
      Instant at = start.plusSeconds(v + 1L);
      model.tick(at);
      for (String node : nodes) {
        Page page = page(renderer.render(model.readings(node, at), at));
        pages.get(node)[v] = page;
        lines += page.sampleLines();
      }
    }
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 1024);
    server.createContext("/nodes/", this::metrics);
    server.createContext("/stats", this::stats);
    server.setExecutor(Executors.newFixedThreadPool(4));
    server.start();
    String base = "http://127.0.0.1:" + server.getAddress().getPort();
    List<String> targets = nodes.stream().map(n -> base + "/nodes/" + n + "/metrics").toList();
    Files.write(targetsFile, targets);
    System.out.printf(
        "exporter: %d nodes, %d GPUs, %d sample lines per round, %s%n",
        nodes.size(), shape.totalGpus(), lines / variants, base);
    Files.writeString(readyFile, base);
  }

  private static Page page(String text) {
    int sampleLines = 0;
    int from = 0;
    while (from < text.length()) {
      int end = text.indexOf('\n', from);
      if (end < 0) {
        end = text.length();
      }
      if (end > from && text.charAt(from) != '#') {
        sampleLines++;
      }
      from = end + 1;
    }
    return new Page(text.getBytes(StandardCharsets.UTF_8), sampleLines);
  }

  private void metrics(HttpExchange exchange) throws IOException {
    String path = exchange.getRequestURI().getPath();
    String node = path.substring("/nodes/".length(), Math.max(path.lastIndexOf('/'), 7));
    Page[] variants = pages.get(node);
    if (variants == null || !path.endsWith("/metrics")) {
      respond(exchange, 404, "unknown node\n".getBytes(StandardCharsets.UTF_8));
      return;
    }
    Page page = variants[(int) (turns.get(node).getAndIncrement() % variants.length)];
    exchange.getResponseHeaders().set("Content-Type", CONTENT_TYPE);
    respond(exchange, 200, page.body());
    pagesServed.incrementAndGet();
    linesServed.addAndGet(page.sampleLines());
  }

  private void stats(HttpExchange exchange) throws IOException {
    String body = "pages=" + pagesServed.get() + "\nlines=" + linesServed.get() + "\n";
    respond(exchange, 200, body.getBytes(StandardCharsets.UTF_8));
  }

  private static void respond(HttpExchange exchange, int status, byte[] body) throws IOException {
    exchange.sendResponseHeaders(status, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }
}
