package io.strata.e2e;

import static org.awaitility.Awaitility.await;

import io.strata.testsupport.LoopbackPorts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The real broker in a JVM of its own: {@code tools/local-kafka}'s {@code LocalKafka} (single-node
 * KRaft, what {@code bin/strata kafka start} runs), so the fault suite can kill it with SIGKILL and
 * start it again on the same ports with the same data directory, as a broker pod restarts on its
 * volume. The topics are created from the descriptors on every start (idempotent).
 */
final class BrokerProcess implements AutoCloseable {

  private final int port;
  private final Path readyFile;
  private final ProcessBuilder builder;
  private volatile Process process;

  private BrokerProcess(int port, Path readyFile, ProcessBuilder builder) {
    this.port = port;
    this.readyFile = readyFile;
    this.builder = builder;
  }

  static BrokerProcess start(Path work) throws IOException {
    Path dataDir = work.resolve("kafka");
    // A fresh log per run; the restart within a run keeps it.
    deleteRecursively(dataDir);
    Files.createDirectories(dataDir);
    int port = LoopbackPorts.next();
    int controllerPort = LoopbackPorts.next();
    Path readyFile = dataDir.resolve("ready");
    Path log = work.resolve("logs").resolve("kafka.log");
    Files.createDirectories(log.getParent());
    Files.deleteIfExists(log);
    // Failsafe keeps the test classpath here when it boots through a manifest-only jar.
    String classpath =
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    ProcessBuilder builder =
        new ProcessBuilder(
                List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx384m",
                    "-XX:+UseSerialGC",
                    "-XX:TieredStopAtLevel=1",
                    "-cp",
                    classpath,
                    "io.strata.localkafka.LocalKafka",
                    "--data-dir",
                    dataDir.toString(),
                    "--port",
                    Integer.toString(port),
                    "--controller-port",
                    Integer.toString(controllerPort),
                    "--ready-file",
                    readyFile.toString()))
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    BrokerProcess broker = new BrokerProcess(port, readyFile, builder);
    broker.launch();
    return broker;
  }

  String bootstrapServers() {
    return "127.0.0.1:" + port;
  }

  long pid() {
    return process.pid();
  }

  /** SIGKILL (see {@link ServiceProcess#kill9()}): no clean shutdown, no flush of its log. */
  void kill9() {
    process.destroyForcibly();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        throw new IllegalStateException("the broker (pid " + process.pid() + ") survived SIGKILL");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while killing the broker", e);
    }
  }

  /** Starts it again on the same ports and data directory; returns once its topics exist. */
  void restart() throws IOException {
    if (process.isAlive()) {
      throw new IllegalStateException("the broker is still running as pid " + process.pid());
    }
    launch();
  }

  private void launch() throws IOException {
    // A ready file left by a killed broker must not pass for the new one's.
    Files.deleteIfExists(readyFile);
    process = builder.start();
    await("the broker (pid " + process.pid() + ") ready")
        .atMost(Duration.ofSeconds(90))
        .pollInterval(Duration.ofMillis(250))
        .until(
            () -> {
              if (!process.isAlive()) {
                throw new IllegalStateException(
                    "the broker exited with " + process.exitValue() + "; see logs/kafka.log");
              }
              return Files.exists(readyFile);
            });
  }

  /** SIGTERM: the broker's shutdown hook stops it cleanly. */
  @Override
  public void close() {
    Process running = process;
    if (running == null) {
      return;
    }
    running.destroy();
    try {
      if (!running.waitFor(30, TimeUnit.SECONDS)) {
        running.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      running.destroyForcibly();
    }
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (var paths = Files.walk(dir)) {
      for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
