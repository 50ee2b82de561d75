package io.strata.liverun;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;

/** One process of the run: its CPU time from /proc and, for a service, its /q/metrics. */
final class ProcessProbe {

  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private final String name;
  private final Path pidFile;
  private final URI metrics;

  /**
   * @param metrics the service's /q/metrics, or null for the broker and the simulator
   */
  ProcessProbe(String name, Path pidFile, URI metrics) {
    this.name = name;
    this.pidFile = pidFile;
    this.metrics = metrics;
  }

  String name() {
    return name;
  }

  boolean isService() {
    return metrics != null;
  }

  /** utime + stime in clock ticks (proc(5): fields 14 and 15 of /proc/PID/stat), if it runs. */
  OptionalLong cpuTicks() {
    try {
      String pid = Files.readString(pidFile).strip();
      String stat = Files.readString(Path.of("/proc", pid, "stat"));
      // The command name (field 2) is in parentheses and may hold spaces: count after the last ')'.
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return OptionalLong.of(Long.parseLong(fields[11]) + Long.parseLong(fields[12]));
    } catch (IOException | RuntimeException e) {
      return OptionalLong.empty();
    }
  }

  /** The service's metrics now; empty when it does not answer within 10 s. */
  List<PromText.Series> metrics() {
    if (metrics == null) {
      return List.of();
    }
    try {
      HttpResponse<String> response =
          HTTP.send(
              HttpRequest.newBuilder(metrics).timeout(Duration.ofSeconds(10)).build(),
              HttpResponse.BodyHandlers.ofString());
      return response.statusCode() == 200 ? PromText.parse(response.body()) : List.of();
    } catch (IOException e) {
      return List.of();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return List.of();
    }
  }
}
