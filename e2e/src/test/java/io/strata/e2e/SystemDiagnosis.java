package io.strata.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What each service was doing when a wait timed out: alive, ready, and the last warnings of its
 * log. CI keeps only the build's output, so a timeout that says no more than "not fulfilled" cannot
 * be told apart from a slow box afterwards.
 */
final class SystemDiagnosis {

  private static final int WARNINGS = 12;
  private static final int TAIL = 3;
  private static final int MAX_LINE = 400;
  private static final Pattern WARNING = Pattern.compile("\\b(WARN|ERROR|SEVERE)\\b");

  private SystemDiagnosis() {}

  static String of(Map<String, ServiceProcess> services) {
    StringBuilder out = new StringBuilder();
    services.forEach(
        (name, service) -> {
          out.append("--- ").append(name).append(": ").append(state(service)).append('\n');
          List<String> lines = lines(service.log());
          List<String> warnings = lines.stream().filter(l -> WARNING.matcher(l).find()).toList();
          append(
              out,
              "last warnings",
              warnings.subList(Math.max(0, warnings.size() - WARNINGS), warnings.size()));
          append(out, "last lines", lines.subList(Math.max(0, lines.size() - TAIL), lines.size()));
        });
    return out.toString();
  }

  private static String state(ServiceProcess service) {
    if (!service.alive()) {
      return "exited (pid " + service.pid() + "), log " + service.log();
    }
    boolean ready;
    try {
      ready = service.ready();
    } catch (RuntimeException e) {
      ready = false;
    }
    return (ready ? "ready" : "NOT ready") + " (pid " + service.pid() + "), log " + service.log();
  }

  private static void append(StringBuilder out, String title, List<String> lines) {
    out.append("  ").append(title).append(lines.isEmpty() ? ": none\n" : ":\n");
    for (String line : lines) {
      out.append("    ").append(abbreviated(line, MAX_LINE)).append('\n');
    }
  }

  static String abbreviated(String text, int max) {
    return text.length() <= max ? text : text.substring(0, max) + " ...";
  }

  private static List<String> lines(Path log) {
    try {
      // Decoded leniently: a torn last line must not hide the rest.
      return Files.exists(log)
          ? new String(Files.readAllBytes(log), StandardCharsets.UTF_8).lines().toList()
          : List.of();
    } catch (IOException e) {
      return List.of("(could not read " + log + ": " + e + ")");
    }
  }
}
