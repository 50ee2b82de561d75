package io.strata.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One packaged service ({@code target/quarkus-app/quarkus-run.jar}) running in its own JVM, as
 * {@code bin/strata up} runs it: the {@code local} profile plus the settings this run passes. The
 * fault suite kills it with SIGKILL and starts it again with the same command, ports and log.
 */
final class ServiceProcess implements AutoCloseable {

  private static final int TAIL_LINES = 30;

  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private final String name;
  private final int httpPort;
  private final Path log;
  private final ProcessBuilder builder;
  private volatile Process process;

  private ServiceProcess(String name, int httpPort, Path log, ProcessBuilder builder)
      throws IOException {
    this.name = name;
    this.httpPort = httpPort;
    this.log = log;
    this.builder = builder;
    this.process = builder.start();
  }

  static ServiceProcess start(
      Path repo,
      String name,
      int httpPort,
      Map<String, String> properties,
      Map<String, String> environment,
      Path logDir)
      throws IOException {
    return start(repo, name, name, httpPort, properties, environment, logDir);
  }

  /**
   * Starts the packaged service {@code app} as the instance {@code name} (its log's name), so one
   * service can run twice.
   */
  static ServiceProcess start(
      Path repo,
      String app,
      String name,
      int httpPort,
      Map<String, String> properties,
      Map<String, String> environment,
      Path logDir)
      throws IOException {
    Path jar = repo.resolve("services").resolve(app).resolve("target/quarkus-app/quarkus-run.jar");
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException(
          jar + " is missing: package the services first (mvn -B verify from the repository root)");
    }
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    // Small heaps and the C1 compiler only: five JVMs share two cores with the broker.
    command.add("-Xmx256m");
    command.add("-XX:+UseSerialGC");
    command.add("-XX:TieredStopAtLevel=1");
    command.add("-Dquarkus.profile=local");
    command.add("-Dquarkus.http.host=127.0.0.1");
    command.add("-Dquarkus.http.port=" + httpPort);
    command.add("-Dquarkus.otel.sdk.disabled=true");
    properties.forEach((key, value) -> command.add("-D" + key + "=" + value));
    command.add("-jar");
    command.add(jar.toString());
    Files.createDirectories(logDir);
    Path log = logDir.resolve(name + ".log");
    Files.deleteIfExists(log);
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            // Appended, so a restarted instance's log follows the killed one's.
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .directory(logDir.toFile());
    builder.environment().putAll(environment);
    return new ServiceProcess(name, httpPort, log, builder);
  }

  long pid() {
    return process.pid();
  }

  /**
   * kill -9: {@link Process#destroyForcibly()} sends SIGKILL on Linux, so nothing runs in the JVM
   * any more (no shutdown hook, no flush, no commit, no Lease release); returns once it is gone.
   */
  void kill9() {
    Process victim = process;
    victim.destroyForcibly();
    try {
      if (!victim.waitFor(10, TimeUnit.SECONDS)) {
        throw new IllegalStateException(name + " (pid " + victim.pid() + ") survived SIGKILL");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while killing " + name, e);
    }
  }

  /** Starts the same command again (same ports, settings and log) after {@link #kill9()}. */
  void restart() throws IOException {
    if (process.isAlive()) {
      throw new IllegalStateException(name + " is still running as pid " + process.pid());
    }
    process = builder.start();
  }

  String name() {
    return name;
  }

  String baseUrl() {
    return "http://127.0.0.1:" + httpPort;
  }

  Path log() {
    return log;
  }

  boolean alive() {
    return process.isAlive();
  }

  /**
   * The log's last lines, so that a failure report from CI, where the log itself is gone, says why
   * the service stopped.
   */
  private String tail() {
    try (Stream<String> lines = Files.lines(log, StandardCharsets.UTF_8)) {
      List<String> all = lines.toList();
      return all.subList(Math.max(0, all.size() - TAIL_LINES), all.size()).stream()
          .map(line -> line.length() > 400 ? line.substring(0, 400) + " ..." : line)
          .collect(Collectors.joining("\n"));
    } catch (IOException | UncheckedIOException e) {
      return "(log unreadable: " + e + ")";
    }
  }

  /** Whether {@code /q/health/ready} answers 200. */
  boolean ready() {
    if (!process.isAlive()) {
      throw new IllegalStateException(
          name
              + " exited with "
              + process.exitValue()
              + "; see "
              + log
              + ", which ends:\n"
              + tail());
    }
    try {
      HttpResponse<Void> response =
          HTTP.send(
              HttpRequest.newBuilder(URI.create(baseUrl() + "/q/health/ready"))
                  .timeout(Duration.ofSeconds(2))
                  .build(),
              HttpResponse.BodyHandlers.discarding());
      return response.statusCode() == 200;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** SIGTERM without waiting, so several services can shut down at once before {@link #close}. */
  void signalStop() {
    process.destroy();
  }

  /** SIGTERM, so Quarkus shuts down cleanly (Kafka Streams commits, producers flush). */
  @Override
  public void close() {
    Process process = this.process;
    process.destroy();
    try {
      if (!process.waitFor(20, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
