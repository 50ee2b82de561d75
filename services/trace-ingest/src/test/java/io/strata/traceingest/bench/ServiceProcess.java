package io.strata.traceingest.bench;

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

/** trace-ingest as a separate JVM (the built quarkus-run.jar), so its CPU time can be measured. */
final class ServiceProcess implements AutoCloseable {

  private final Process process;
  private final int httpPort;
  private final int managementPort;

  private ServiceProcess(Process process, int httpPort, int managementPort) {
    this.process = process;
    this.httpPort = httpPort;
    this.managementPort = managementPort;
  }

  static ServiceProcess start(Path jar, String bootstrap, String heap, Path log)
      throws IOException, InterruptedException {
    int http = LoopbackPorts.next();
    int grpc = LoopbackPorts.next();
    int management = LoopbackPorts.next();
    List<String> command =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx" + heap,
            "-Dquarkus.http.port=" + management,
            "-Dstrata.trace-ingest.receiver.http-port=" + http,
            "-Dstrata.trace-ingest.receiver.grpc-port=" + grpc,
            "-Dkafka.bootstrap.servers=" + bootstrap,
            // No collector in the benchmark: the service's own span export would only log errors.
            "-Dquarkus.otel.sdk.disabled=true",
            "-jar",
            jar.toString());
    Process process =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    ServiceProcess service = new ServiceProcess(process, http, management);
    service.awaitReady(Duration.ofSeconds(60));
    return service;
  }

  int httpPort() {
    return httpPort;
  }

  /** CPU time (user + system) the service process has used so far. */
  Duration cpuTime() {
    return process.info().totalCpuDuration().orElseThrow();
  }

  /** Peak resident set size in MiB (VmHWM), Linux only. */
  long peakRssMib() throws IOException {
    for (String line :
        Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status"))) {
      if (line.startsWith("VmHWM:")) {
        return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
      }
    }
    return -1;
  }

  /** The service's Prometheus text, for its own counters. */
  String metrics() throws IOException, InterruptedException {
    HttpClient client = HttpClient.newHttpClient();
    return client
        .send(
            HttpRequest.newBuilder(URI.create("http://localhost:" + managementPort + "/q/metrics"))
                .build(),
            HttpResponse.BodyHandlers.ofString())
        .body();
  }

  private void awaitReady(Duration timeout) throws IOException, InterruptedException {
    HttpClient client = HttpClient.newHttpClient();
    HttpRequest ready =
        HttpRequest.newBuilder(URI.create("http://localhost:" + managementPort + "/q/health/ready"))
            .timeout(Duration.ofSeconds(5))
            .build();
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException("trace-ingest exited with " + process.exitValue());
      }
      try {
        if (client.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
          return;
        }
      } catch (IOException notYet) {
        // Not listening yet.
      }
      Thread.sleep(250);
    }
    throw new IllegalStateException("trace-ingest not ready within " + timeout);
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
