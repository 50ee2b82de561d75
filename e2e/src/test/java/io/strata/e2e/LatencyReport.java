package io.strata.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Fault → incident and fault → Slack post per scenario, printed (never asserted). */
final class LatencyReport {

  private record Row(String scenario, String outcome, Duration toSignal, Duration toSlack) {}

  private final List<Row> rows = new ArrayList<>();

  synchronized void add(
      String scenario, String outcome, Instant fault, Instant signal, Instant slack) {
    rows.add(
        new Row(
            scenario,
            outcome,
            signal == null ? null : Duration.between(fault, signal),
            slack == null ? null : Duration.between(fault, slack)));
  }

  synchronized String render() {
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "%-28s %-66s %14s %14s%n",
            "scenario",
            "raised",
            "fault->signal",
            "fault->slack"));
    for (Row row : rows) {
      out.append(
          String.format(
              Locale.ROOT,
              "%-28s %-66s %14s %14s%n",
              row.scenario(),
              row.outcome(),
              seconds(row.toSignal()),
              seconds(row.toSlack())));
    }
    return out.toString();
  }

  void print(Path file) throws IOException {
    String table = render();
    System.out.println(
        "\n[e2e] latencies (wall clock, 2-core build machine; not asserted)\n" + table);
    Files.createDirectories(file.getParent());
    Files.writeString(file, table);
  }

  private static String seconds(Duration duration) {
    return duration == null
        ? "-"
        : String.format(Locale.ROOT, "%.1f s", duration.toMillis() / 1000.0);
  }
}
