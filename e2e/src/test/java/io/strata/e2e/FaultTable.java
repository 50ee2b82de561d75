package io.strata.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The fault suite's per-fault figures, printed and written to {@code faults.txt}; never timed. */
final class FaultTable {

  private static final String FORMAT = "%-44s %7s %5s %5s %6s %5s %-20s %-12s %s%n";

  private final List<FaultRow> rows = new ArrayList<>();

  synchronized void add(FaultRow row) {
    rows.add(row);
    System.out.print(header() + line(row) + details(row));
  }

  synchronized void print(Path file, long wallSeconds) throws IOException {
    StringBuilder out = new StringBuilder(header());
    rows.forEach(row -> out.append(line(row)));
    rows.forEach(row -> out.append(details(row)));
    out.append(String.format("fault suite wall time: %d s%n", wallSeconds));
    System.out.print(out);
    Files.createDirectories(file.toAbsolutePath().getParent());
    Files.writeString(file, out.toString(), StandardCharsets.UTF_8);
  }

  private static String header() {
    return String.format(
        FORMAT,
        "fault",
        "pid",
        "down",
        "lost",
        "incid.",
        "dup",
        "patches per action",
        "EXECUTED",
        "refused (patches)");
  }

  private static String line(FaultRow row) {
    return String.format(
        FORMAT,
        row.fault(),
        row.victimPid() > 0 ? Long.toString(row.victimPid()) : "-",
        row.secondsDown() >= 0 ? row.secondsDown() + "s" : "-",
        row.lost(),
        row.incidents(),
        row.duplicated(),
        counts(row.patchesPerAction()),
        counts(row.executedPerAction()),
        row.refused() + " (" + row.patchesOfRefused() + ")");
  }

  /** The topics behind a non-zero loss, so a failure names them. */
  private static String details(FaultRow row) {
    if (row.lostOnLog().isEmpty() && row.unconsumed().isEmpty()) {
      return "";
    }
    return String.format(
        "  %s: lost on the log %s, not consumed %s%n",
        row.fault(), row.lostOnLog(), row.unconsumed());
  }

  private static String counts(Map<String, Long> perAction) {
    if (perAction.isEmpty()) {
      return "-";
    }
    return perAction.values().stream().map(String::valueOf).collect(Collectors.joining(","));
  }
}
