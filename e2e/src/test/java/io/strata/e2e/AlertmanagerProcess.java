package io.strata.e2e;

import static org.awaitility.Awaitility.await;

import io.strata.testsupport.LoopbackPorts;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A real Alertmanager (Debian's {@code prometheus-alertmanager}) whose only route sends every
 * alert, firing and resolved, to Strata's webhook receiver with a bearer token, as docs/services/
 * trace-ingest.md's example configures it. Alerts are posted to its API v2 ({@code POST
 * /api/v2/alerts}), as Prometheus does; one alert per group and a 1 s group interval, so a
 * notification follows each change within seconds.
 */
final class AlertmanagerProcess implements AutoCloseable {

  private static final List<String> BINARIES =
      List.of("/usr/bin/prometheus-alertmanager", "/usr/bin/alertmanager");

  private final Process process;
  private final URI api;
  private final HttpClient http = HttpClient.newHttpClient();

  private AlertmanagerProcess(Process process, URI api) {
    this.process = process;
    this.api = api;
  }

  /** The installed binary, if any (CI installs it: .ci/run). */
  static Optional<Path> binary() {
    return BINARIES.stream().map(Path::of).filter(Files::isExecutable).findFirst();
  }

  static AlertmanagerProcess start(Path binary, Path work, URI webhook, String bearerToken)
      throws IOException {
    Path dir = work.resolve("alertmanager");
    // A fresh notification log: one kept from an earlier run holds back the same alerts' notices
    // until its repeat_interval has passed.
    StrataSystem.deleteRecursively(dir);
    Files.createDirectories(dir.resolve("data"));
    Path config = dir.resolve("alertmanager.yml");
    Files.writeString(config, config(webhook, bearerToken));
    int port = LoopbackPorts.next();
    Path log = work.resolve("logs").resolve("alertmanager.log");
    Files.createDirectories(log.getParent());
    Process process =
        new ProcessBuilder(
                binary.toString(),
                "--config.file=" + config,
                "--storage.path=" + dir.resolve("data"),
                "--web.listen-address=127.0.0.1:" + port,
                // One instance: no gossip cluster to form or wait for.
                "--cluster.listen-address=")
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .start();
    AlertmanagerProcess alertmanager =
        new AlertmanagerProcess(process, URI.create("http://127.0.0.1:" + port));
    await("Alertmanager ready (" + log + ")")
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(200))
        .until(alertmanager::ready);
    return alertmanager;
  }

  /**
   * Alertmanager's configuration: the route and receiver keys of its documentation
   * (prometheus.io/docs/alerting/latest/configuration: route, webhook_config, http_config).
   */
  static String config(URI webhook, String bearerToken) {
    return String.join(
        "\n",
        "route:",
        "  receiver: strata",
        "  group_by: ['...']",
        "  group_wait: 1s",
        "  group_interval: 1s",
        "  repeat_interval: 1h",
        "receivers:",
        "  - name: strata",
        "    webhook_configs:",
        "      - url: '" + webhook + "'",
        "        send_resolved: true",
        "        http_config:",
        "          authorization:",
        "            type: Bearer",
        "            credentials: '" + bearerToken + "'",
        "");
  }

  /** Posts alerts (a JSON array of postable alerts) as Prometheus does; expects 200. */
  void post(String alertsJson) throws IOException, InterruptedException {
    HttpResponse<String> response =
        http.send(
            HttpRequest.newBuilder(api.resolve("/api/v2/alerts"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(alertsJson))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new IllegalStateException(
          "Alertmanager refused the alerts: " + response.statusCode() + " " + response.body());
    }
  }

  private boolean ready() {
    if (!process.isAlive()) {
      throw new IllegalStateException("Alertmanager exited with " + process.exitValue());
    }
    try {
      return http.send(
                  HttpRequest.newBuilder(api.resolve("/-/ready")).GET().build(),
                  HttpResponse.BodyHandlers.discarding())
              .statusCode()
          == 200;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
