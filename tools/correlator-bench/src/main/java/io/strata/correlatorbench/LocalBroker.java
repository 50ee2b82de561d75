package io.strata.correlatorbench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A fresh single-node KRaft broker (tools/local-kafka's {@code LocalKafka}, which also creates
 * every Strata topic with its descriptor's partitions) in a child JVM on free loopback ports.
 */
final class LocalBroker implements AutoCloseable {

  private final ChildProcess process;
  private final String bootstrapServers;

  private LocalBroker(ChildProcess process, String bootstrapServers) {
    this.process = process;
    this.bootstrapServers = bootstrapServers;
  }

  static LocalBroker start(Path workDir, String heap) throws IOException, InterruptedException {
    int port = freePort();
    int controllerPort = freePort();
    Path ready = workDir.resolve("kafka.ready");
    ChildProcess process =
        ChildProcess.start(
            "kafka",
            List.of(
                ChildProcess.javaBinary(),
                "-Xmx" + heap,
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                "-cp",
                System.getProperty("java.class.path"),
                "io.strata.localkafka.LocalKafka",
                "--data-dir",
                workDir.resolve("kafka").toString(),
                "--port",
                Integer.toString(port),
                "--controller-port",
                Integer.toString(controllerPort),
                "--ready-file",
                ready.toString()),
            workDir.resolve("kafka.log"));
    long deadline = System.nanoTime() + 120_000_000_000L;
    while (!Files.exists(ready)) {
      if (!process.alive() || System.nanoTime() > deadline) {
        process.close();
        throw new IllegalStateException("the broker did not start; see " + process.log());
      }
      Thread.sleep(200);
    }
    return new LocalBroker(process, Files.readString(ready).trim());
  }

  String bootstrapServers() {
    return bootstrapServers;
  }

  static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    process.close();
  }
}
