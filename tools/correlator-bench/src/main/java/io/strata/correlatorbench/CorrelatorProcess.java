package io.strata.correlatorbench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Phase (b)'s subject: the packaged correlator ({@code quarkus-run.jar}) in its own JVM with the
 * prod profile and its own defaults (exactly_once_v2, RocksDB stores), one stream thread, a fresh
 * application id and a state dir of its own. Settings go in as {@code -D} system properties, which
 * Quarkus reads above application.properties; {@code kafka-streams.*} keys pass straight to Kafka
 * Streams (docs/services/correlator.md).
 */
final class CorrelatorProcess implements DrainSubject, AutoCloseable {

  /**
   * The JVM options deploy/base/correlator/statefulset.yaml gives the correlator (its
   * JAVA_TOOL_OPTIONS, less the heap sizing: the bench sets -Xmx and -Xms from {@code
   * --correlator-heap}); CorrelatorProcessTest fails when the two differ.
   */
  static final List<String> DEPLOYED_JVM_OPTIONS =
      List.of("-XX:+UseG1GC", "-XX:NewRatio=1", "-XX:-UseCodeCacheFlushing");

  private static final String HEAP_METRIC = "jvm_memory_used_bytes{";

  private final ChildProcess process;
  private final int httpPort;
  private final String applicationId;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
  private long maxHeapBytes;

  private CorrelatorProcess(ChildProcess process, int httpPort, String applicationId) {
    this.process = process;
    this.httpPort = httpPort;
    this.applicationId = applicationId;
  }

  static CorrelatorProcess start(
      Path jar,
      String bootstrapServers,
      String applicationId,
      Path workDir,
      Path jfr,
      String heap,
      List<String> jvmOptions,
      List<String> properties)
      throws IOException {
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException(
          jar
              + " is missing: package the correlator first (mvn -pl services/correlator -am"
              + " package -DskipTests)");
    }
    int port = LocalBroker.freePort();
    Path stateDir = Files.createDirectories(workDir.resolve("correlator-state"));
    List<String> command = new ArrayList<>();
    command.add(ChildProcess.javaBinary());
    command.add("-Xmx" + heap);
    // The heap committed from the start, as deploy/ does with InitialRAMPercentage equal to
    // MaxRAMPercentage: NewRatio sizes the young generation from the committed heap, which
    // otherwise starts at 1/64 of the machine's memory (ADR 038).
    command.add("-Xms" + heap);
    command.addAll(jvmOptions);
    if (jfr != null) {
      // Kafka Streams stacks are deep: keep whole stacks so inclusive shares of processors count.
      command.add("-XX:FlightRecorderOptions:stackdepth=512");
      // Waits of 1 ms and more (profile.jfc's locking/socket thresholds are 10 ms): the stream
      // thread's producer flushes and transaction round trips at each commit are shorter.
      command.add(
          "-XX:StartFlightRecording=settings=profile,locking-threshold=1ms,socket-threshold=1ms,"
              + "dumponexit=true,filename="
              + jfr.toAbsolutePath());
    }
    command.addAll(
        List.of(
            "-Dquarkus.profile=prod",
            "-Dkafka.bootstrap.servers=" + bootstrapServers,
            "-Dquarkus.kafka-streams.application-id=" + applicationId,
            "-Dkafka-streams.state.dir=" + stateDir,
            "-Dkafka-streams.num.stream.threads=1",
            "-Dkafka-streams.processing.guarantee=exactly_once_v2",
            "-Dquarkus.http.port=" + port,
            "-Dstrata.correlator.advertised-server=localhost:" + port,
            // No collector here: exporting the app's own spans would only log failures.
            "-Dquarkus.otel.sdk.disabled=true",
            // The prod profile refuses to start without API tokens (docs/services/correlator.md);
            // the bench's own, random per run, since nothing but the bench talks to it.
            "-Dstrata.correlator.api.tokens.bench=" + randomToken(),
            "-Dstrata.correlator.api.internal-token=" + randomToken()));
    properties.forEach(property -> command.add("-D" + property));
    command.addAll(List.of("-jar", jar.toAbsolutePath().toString()));
    ChildProcess process =
        ChildProcess.start("correlator", command, workDir.resolve("correlator.log"));
    return new CorrelatorProcess(process, port, applicationId);
  }

  private static String randomToken() {
    return java.util.UUID.randomUUID().toString().replace("-", "");
  }

  @Override
  public String applicationId() {
    return applicationId;
  }

  @Override
  public ChildProcess child() {
    return process;
  }

  long pid() {
    return process.pid();
  }

  /** Scrapes /q/metrics once and keeps the largest heap use seen (sum over the heap pools). */
  @Override
  public void sampleHeap() {
    maxHeapBytes = Math.max(maxHeapBytes, heapUsed(metricsPage()));
  }

  /** The correlator's /q/metrics page now; empty when it does not answer (not up yet, busy). */
  String metricsPage() {
    try {
      HttpResponse<String> response =
          http.send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + httpPort + "/q/metrics"))
                  .timeout(Duration.ofSeconds(5))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      return response.statusCode() == 200 ? response.body() : "";
    } catch (IOException e) {
      return "";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "";
    }
  }

  /** The Prometheus text's {@code jvm_memory_used_bytes{area="heap",...}} values, summed. */
  static long heapUsed(String metrics) {
    double sum = 0;
    for (String line : metrics.split("\n")) {
      if (line.startsWith(HEAP_METRIC) && line.contains("area=\"heap\"")) {
        sum += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1).trim());
      }
    }
    return (long) sum;
  }

  @Override
  public long maxHeapBytes() {
    return maxHeapBytes;
  }

  /** Peak resident set size (VmHWM of /proc/PID/status), in bytes; -1 when unreadable. */
  long peakRssBytes() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid()), "status"))) {
        if (line.startsWith("VmHWM:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
        }
      }
    } catch (IOException e) {
      return -1;
    }
    return -1;
  }

  @Override
  public void close() {
    process.close();
  }
}
