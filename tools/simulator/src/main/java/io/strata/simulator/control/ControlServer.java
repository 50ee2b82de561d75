package io.strata.simulator.control;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.strata.simulator.model.ClusterModel;
import io.strata.simulator.model.Gpu;
import io.strata.simulator.model.Scenario;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The control API scripts drive the simulator with: GET /scenarios, POST /scenarios/&lt;name&gt;
 * (activate), DELETE /scenarios/&lt;name&gt; or POST /scenarios/healthy (clear), POST
 * /faults/xid-79 (one more GPU falls off the bus, on a node of its own), GET /status and GET
 * /exporters.
 */
public final class ControlServer implements AutoCloseable {

  private static final ObjectMapper JSON =
      new ObjectMapper().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

  private final ClusterModel model;
  private final Consumer<Scenario> activate;
  private final Supplier<Gpu> injectXid79;
  private final Supplier<Map<String, Object>> endpoints;
  private HttpServer server;

  /**
   * @param activate switches the scenario in the model and the Kubernetes API
   * @param injectXid79 makes one more GPU fall off the bus and returns it
   * @param endpoints what GET /status lists under "endpoints" and GET /exporters serves
   */
  public ControlServer(
      ClusterModel model,
      Consumer<Scenario> activate,
      Supplier<Gpu> injectXid79,
      Supplier<Map<String, Object>> endpoints) {
    this.model = model;
    this.activate = activate;
    this.injectXid79 = injectXid79;
    this.endpoints = endpoints;
  }

  public String start(String host, int port, ExecutorService executor) throws IOException {
    server = HttpServer.create(new InetSocketAddress(host, port), 32);
    server.createContext("/scenarios", this::scenarios);
    server.createContext("/faults/xid-79", this::xid79);
    server.createContext("/status", exchange -> json(exchange, 200, status()));
    server.createContext(
        "/exporters", exchange -> json(exchange, 200, endpoints.get().get("exporters")));
    server.setExecutor(executor);
    server.start();
    return "http://" + host + ":" + server.getAddress().getPort();
  }

  private Map<String, Object> status() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("status", model.status());
    out.put("endpoints", endpoints.get());
    return out;
  }

  private void scenarios(HttpExchange exchange) throws IOException {
    String path = exchange.getRequestURI().getPath();
    String method = exchange.getRequestMethod();
    if (path.equals("/scenarios") || path.equals("/scenarios/")) {
      if (!method.equals("GET")) {
        json(exchange, 405, Map.of("error", "GET /scenarios lists; POST /scenarios/<name>"));
        return;
      }
      List<Map<String, String>> list = new ArrayList<>();
      for (Scenario s : Scenario.values()) {
        if (s != Scenario.UNSPECIFIED) {
          list.add(Map.of("name", s.slug(), "description", s.description()));
        }
      }
      json(exchange, 200, Map.of("active", model.scenario().slug(), "scenarios", list));
      return;
    }
    String name = path.substring("/scenarios/".length());
    Scenario scenario = Scenario.fromName(name).orElse(null);
    if (scenario == null) {
      json(
          exchange,
          404,
          Map.of("error", "unknown scenario '" + name + "'", "see", "GET /scenarios"));
      return;
    }
    switch (method) {
      case "POST", "PUT" -> {
        activate.accept(scenario);
        json(exchange, 200, Map.of("active", model.scenario().slug()));
      }
      case "DELETE" -> {
        if (model.scenario() != scenario && scenario != Scenario.HEALTHY) {
          json(
              exchange,
              409,
              Map.of(
                  "error", scenario.slug() + " is not active", "active", model.scenario().slug()));
          return;
        }
        activate.accept(Scenario.HEALTHY);
        json(exchange, 200, Map.of("active", model.scenario().slug()));
      }
      default -> json(exchange, 405, Map.of("error", "POST or DELETE /scenarios/<name>"));
    }
  }

  /** The live run's injections: each call one more XID 79, answered with the GPU that fell. */
  private void xid79(HttpExchange exchange) throws IOException {
    if (!exchange.getRequestMethod().equals("POST")) {
      json(exchange, 405, Map.of("error", "POST /faults/xid-79"));
      return;
    }
    try {
      Gpu gpu = injectXid79.get();
      json(exchange, 200, Map.of("xid", 79, "gpu_uuid", gpu.uuid(), "node", gpu.node()));
    } catch (IllegalStateException e) {
      json(exchange, 409, Map.of("error", String.valueOf(e.getMessage())));
    }
  }

  private static void json(HttpExchange exchange, int status, Object body) throws IOException {
    byte[] bytes = JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(body);
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
