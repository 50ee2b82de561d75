package io.strata.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.strata.simulator.k8s.MockKubernetesApi;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The whole simulator on free ports: OTLP out, control API, exporters, Kubernetes reactions. */
class SimulatorTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The JDK's default client: HTTP/2 first, so every exporter page also tests the h2c refusal. */
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @TempDir Path state;

  private final List<String> otlpContentTypes = new CopyOnWriteArrayList<>();
  private HttpServer traceIngest;
  private Simulator simulator;

  @AfterEach
  void stop() {
    if (simulator != null) {
      simulator.close();
    }
    if (traceIngest != null) {
      traceIngest.stop(0);
    }
  }

  @Test
  void runsEndToEndAndReactsToACordon() throws Exception {
    traceIngest = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 8);
    traceIngest.createContext(
        "/v1/traces",
        exchange -> {
          try (InputStream in = exchange.getRequestBody()) {
            if (in.readAllBytes().length > 0) {
              otlpContentTypes.add(exchange.getRequestHeaders().getFirst("Content-Type"));
            }
          }
          exchange.sendResponseHeaders(200, -1);
          exchange.close();
        });
    traceIngest.start();
    SimulatorOptions options =
        SimulatorOptions.parse(
            List.of(
                "--kube-port=0",
                "--metrics-base-port=0",
                "--control-port=0",
                "--slack-port=0",
                "--teams-port=0",
                "--pagerduty-port=0",
                "--tick-ms=50",
                "--request-rate=200",
                "--state-dir=" + state,
                "--otlp-endpoint=http://127.0.0.1:" + traceIngest.getAddress().getPort()),
            Map.of());
    simulator = Simulator.start(options, Clock.systemUTC());
    String control = (String) simulator.endpoints().get("control");

    await()
        .atMost(Duration.ofSeconds(20))
        .untilAsserted(() -> assertThat(otlpContentTypes).isNotEmpty());
    assertThat(otlpContentTypes).allMatch("application/x-protobuf"::equals);

    assertThat(get(control + "/scenarios").path("active").asText()).isEqualTo("healthy");
    assertThat(send("POST", control + "/scenarios/xid-79").statusCode()).isEqualTo(200);
    String xidNode = simulator.model().targets().xid79Gpu().node();
    @SuppressWarnings("unchecked")
    Map<String, String> exporters = (Map<String, String>) simulator.endpoints().get("exporters");
    assertThat(send("GET", exporters.get(xidNode)).body())
        .contains("err_code=\"79\"")
        .contains("health_error_code=\"DCGM_FR_FALLEN_OFF_BUS\"");
    // The live run's next injection: another node's GPU falls too, and says which.
    HttpResponse<String> another = send("POST", control + "/faults/xid-79");
    assertThat(another.statusCode()).isEqualTo(200);
    JsonNode fell = JSON.readTree(another.body());
    assertThat(fell.path("node").asText()).isNotEqualTo(xidNode).startsWith("gpu-node-");
    String fellUuid = fell.path("gpu_uuid").asText();
    assertThat(send("GET", exporters.get(fell.path("node").asText())).body().lines())
        .anyMatch(line -> line.contains(fellUuid) && line.contains("err_code=\"79\""));
    assertThat(send("GET", control + "/faults/xid-79").statusCode()).isEqualTo(405);

    String teamsMetadata = (String) simulator.endpoints().get("teams_openid_metadata");
    assertThat(get(teamsMetadata).path("issuer").asText())
        .isEqualTo("https://api.botframework.com");
    assertThat(simulator.teams()).isPresent();
    assertThat(simulator.pagerDuty()).isPresent();
    assertThat((String) simulator.endpoints().get("pagerduty_events_url"))
        .isEqualTo(simulator.pagerDuty().orElseThrow().eventsUrl())
        .endsWith("/v2/enqueue");
    assertThat(get((String) simulator.endpoints().get("pagerduty_events")).size()).isZero();

    Path kubeconfig = state.resolve("kubeconfig");
    assertThat(Files.readString(kubeconfig)).contains("server: http://127.0.0.1:");
    try (KubernetesClient client =
        new KubernetesClientBuilder()
            .withConfig(Config.fromKubeconfig(Files.readString(kubeconfig)))
            .build()) {
      client
          .nodes()
          .withName(xidNode)
          .edit(
              n -> {
                n.getSpec().setUnschedulable(true);
                return n;
              });
      await()
          .atMost(Duration.ofSeconds(10))
          .untilAsserted(
              () ->
                  assertThat(get(control + "/status").path("status").path("cordoned_nodes"))
                      .extracting(JsonNode::asText)
                      .containsExactly(xidNode));
      // The remediator's SCALE_OUT on the Knative Service: one more pod, in the model and the API.
      int running = servingStatus(control).path("running_pods").asInt();
      int apiPods = servingPods(client);
      client
          .genericKubernetesResources(MockKubernetesApi.KNATIVE_SERVICES)
          .inNamespace("inference")
          .withName("llm-serve")
          .patch(
              PatchContext.of(PatchType.JSON_MERGE),
              "{\"spec\":{\"template\":{\"metadata\":{\"annotations\":"
                  + "{\"autoscaling.knative.dev/min-scale\":\"13\"}}}}}");
      await()
          .atMost(Duration.ofSeconds(10))
          .untilAsserted(
              () -> {
                assertThat(servingStatus(control).path("running_pods").asInt())
                    .isEqualTo(running + 1);
                assertThat(servingPods(client)).isEqualTo(apiPods + 1);
              });
    }

    assertThat(send("DELETE", control + "/scenarios/queue-backlog").statusCode()).isEqualTo(409);
    assertThat(send("DELETE", control + "/scenarios/xid-79").statusCode()).isEqualTo(200);
    assertThat(send("POST", control + "/scenarios/no-such-thing").statusCode()).isEqualTo(404);
    assertThat(get(control + "/status").path("status").path("scenario").asText())
        .isEqualTo("healthy");
    assertThat(JSON.readTree(state.resolve("endpoints.json").toFile()).path("control").asText())
        .isEqualTo(control);
  }

  @Test
  void everyPortCanBeEphemeralInBothMetricsModesAndEndpointsJsonNamesTheBoundOnes()
      throws Exception {
    for (String mode : List.of("per-node", "shared")) {
      Path dir = state.resolve(mode);
      SimulatorOptions options =
          SimulatorOptions.parse(
              List.of(
                  "--metrics-mode=" + mode,
                  "--metrics-base-port=0",
                  "--kube-port=0",
                  "--control-port=0",
                  "--slack-port=0",
                  "--request-rate=0",
                  "--state-dir=" + dir),
              Map.of());
      try (Simulator sim = Simulator.start(options, Clock.systemUTC())) {
        JsonNode written = JSON.readTree(dir.resolve("endpoints.json").toFile());
        List<String> urls =
            List.of(
                written.path("kubernetes_api").asText(),
                written.path("control").asText(),
                written.path("slack_webhook").asText());
        for (String url : urls) {
          assertThat(URI.create(url).getPort()).as(url).isPositive();
        }
        assertThat(written.path("control").asText()).isEqualTo(sim.endpoints().get("control"));
        assertThat(Files.readString(dir.resolve("kubeconfig")))
            .contains("server: " + written.path("kubernetes_api").asText());
        List<String> exporters = new java.util.ArrayList<>();
        written.path("exporters").forEach(node -> exporters.add(node.asText()));
        assertThat(exporters).hasSize(4);
        for (String exporter : exporters) {
          assertThat(URI.create(exporter).getPort()).isPositive();
          HttpResponse<String> page = send("GET", exporter);
          // dcgm-exporter's Go server answers an h2c upgrade in HTTP/1.1; so do the simulated ones.
          assertThat(page.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
          assertThat(page.statusCode()).isEqualTo(200);
          assertThat(page.body()).contains("DCGM_FI_DEV_GPU_UTIL{");
        }
        long ports = exporters.stream().map(u -> URI.create(u).getPort()).distinct().count();
        assertThat(ports).isEqualTo(mode.equals("shared") ? 1 : 4);
        assertThat(
                get(written.path("control").asText() + "/status")
                    .path("status")
                    .path("nodes")
                    .asInt())
            .isEqualTo(4);
        HttpResponse<String> slack =
            HTTP.send(
                HttpRequest.newBuilder(URI.create(written.path("slack_webhook").asText()))
                    .POST(HttpRequest.BodyPublishers.ofString("{\"text\":\"hi\"}"))
                    .header("Content-Type", "application/json")
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(slack.statusCode()).isEqualTo(200);
      }
    }
  }

  private static JsonNode servingStatus(String control) throws Exception {
    for (JsonNode w : get(control + "/status").path("status").path("workloads")) {
      if (w.path("name").asText().equals("llm-serve")) {
        return w;
      }
    }
    throw new AssertionError("no llm-serve in /status");
  }

  private static int servingPods(KubernetesClient client) {
    return client
        .pods()
        .inNamespace("inference")
        .withLabel("serving.knative.dev/service", "llm-serve")
        .list()
        .getItems()
        .size();
  }

  private static JsonNode get(String url) throws Exception {
    return JSON.readTree(send("GET", url).body());
  }

  private static HttpResponse<String> send(String method, String url) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create(url))
            .method(method, HttpRequest.BodyPublishers.noBody())
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
