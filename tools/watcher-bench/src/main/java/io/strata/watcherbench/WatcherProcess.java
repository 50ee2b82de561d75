package io.strata.watcherbench;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The packaged k8s-watcher ({@code quarkus-run.jar}, prod profile) in its own JVM, configured by
 * {@code -D} system properties (read above application.properties), its output in a log file. It is
 * ended through its own process handle, never by name; Java closes every inherited descriptor above
 * stderr in the child, so a build lock the benchmark holds is not passed on.
 */
final class WatcherProcess implements AutoCloseable {

  /** What {@code Watcher} logs once every informer has listed and the initial adds are mapped. */
  static final String SYNCED_LINE = "informers synced: full state published";

  private static final Pattern HEAP_USED = Pattern.compile("heap\\s+total \\d+K, used (\\d+)K");

  private final Process process;
  private final Path log;
  private final long startedNanos = System.nanoTime();

  private WatcherProcess(Process process, Path log) {
    this.process = process;
    this.log = log;
  }

  static WatcherProcess start(
      Path jar, String apiServer, String bootstrap, boolean trim, String heap, Path log)
      throws IOException {
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException(
          jar + " is missing: package k8s-watcher first (see tools/watcher-bench/run)");
    }
    List<String> command =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx" + heap,
            "-XX:+UseG1GC",
            "-Dquarkus.kubernetes-client.api-server-url=" + apiServer,
            "-Dquarkus.kubernetes-client.trust-certs=true",
            "-Dkafka.bootstrap.servers=" + bootstrap,
            "-Dstrata.k8s-watcher.cluster=bench",
            "-Dstrata.k8s-watcher.cache.trim=" + trim,
            "-Dquarkus.http.port=" + freePort(),
            // No collector here: exporting the watcher's own spans would only log failures.
            "-Dquarkus.otel.sdk.disabled=true",
            "-jar",
            jar.toAbsolutePath().toString());
    Process process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .start();
    System.out.println("# started k8s-watcher pid=" + process.pid() + " log=" + log);
    return new WatcherProcess(process, log);
  }

  /** Time from the JVM's launch to the synced line, polling the log; fails if the JVM dies. */
  Duration awaitSynced(Duration timeout) throws IOException, InterruptedException {
    long deadline = startedNanos + timeout.toNanos();
    while (!Files.readString(log).contains(SYNCED_LINE)) {
      if (!process.isAlive() || System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "k8s-watcher did not sync (alive=" + process.isAlive() + "); see " + log);
      }
      Thread.sleep(100);
    }
    return Duration.ofNanos(System.nanoTime() - startedNanos);
  }

  Duration sinceStart() {
    return Duration.ofNanos(System.nanoTime() - startedNanos);
  }

  /** Heap in use right after two full collections (jcmd GC.run, then GC.heap_info), in bytes. */
  long heapAfterGc() throws IOException, InterruptedException {
    jcmd("GC.run");
    jcmd("GC.run");
    String info = jcmd("GC.heap_info");
    Matcher used = HEAP_USED.matcher(info);
    if (!used.find()) {
      throw new IllegalStateException("unexpected GC.heap_info output:\n" + info);
    }
    return Long.parseLong(used.group(1)) * 1024;
  }

  /** CPU time the watcher used so far (user + system). */
  Duration cpu() {
    return process.info().totalCpuDuration().orElse(Duration.ZERO);
  }

  private String jcmd(String command) throws IOException, InterruptedException {
    Process jcmd =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                Long.toString(process.pid()),
                command)
            .redirectErrorStream(true)
            .start();
    String output = new String(jcmd.getInputStream().readAllBytes());
    if (!jcmd.waitFor(60, TimeUnit.SECONDS) || jcmd.exitValue() != 0) {
      throw new IllegalStateException("jcmd " + command + " failed: " + output);
    }
    return output;
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  /** SIGTERM so Quarkus shuts down cleanly; SIGKILL after 30 s. */
  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
