package io.strata.liverun;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Prometheus text exposition format as the services' {@code /q/metrics} serves it (Micrometer's
 * Prometheus registry, format 0.0.4: {@code name{label="value",...} value [timestamp]}, {@code #}
 * lines are HELP/TYPE comments; see prometheus.io/docs/instrumenting/exposition_formats). Only what
 * the live run reads: series by name, summed, optionally filtered by one label.
 */
final class PromText {

  record Series(String name, Map<String, String> labels, double value) {}

  private PromText() {}

  static List<Series> parse(String text) {
    List<Series> out = new ArrayList<>();
    for (String line : text.split("\n")) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      Series series = parseLine(line.strip());
      if (series != null) {
        out.add(series);
      }
    }
    return out;
  }

  /** The sum of every series named {@code name} whose {@code label} is {@code value} (or any). */
  static double sum(List<Series> all, String name, String label, String value) {
    double sum = 0;
    for (Series s : all) {
      if (s.name().equals(name) && (label == null || value.equals(s.labels().get(label)))) {
        sum += s.value();
      }
    }
    return sum;
  }

  static double sum(List<Series> all, String name) {
    return sum(all, name, null, null);
  }

  /** A line that does not fit the format is skipped: the probe reads, it does not validate. */
  private static Series parseLine(String line) {
    int brace = line.indexOf('{');
    int space = line.indexOf(' ');
    Map<String, String> labels = new LinkedHashMap<>();
    String name;
    int rest;
    if (brace >= 0 && (space < 0 || brace < space)) {
      name = line.substring(0, brace);
      rest = labels(line, brace + 1, labels);
      if (rest < 0) {
        return null;
      }
    } else if (space > 0) {
      name = line.substring(0, space);
      rest = space;
    } else {
      return null;
    }
    String[] fields = line.substring(rest).strip().split(" ");
    try {
      return new Series(name, labels, Double.parseDouble(fields[0]));
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** Reads {@code a="x",b="y"}} from {@code i}; returns the index after the closing brace. */
  private static int labels(String line, int i, Map<String, String> into) {
    while (i < line.length()) {
      char c = line.charAt(i);
      if (c == '}') {
        return i + 1;
      }
      if (c == ',' || c == ' ') {
        i++;
        continue;
      }
      int eq = line.indexOf('=', i);
      if (eq < 0 || eq + 1 >= line.length() || line.charAt(eq + 1) != '"') {
        return -1;
      }
      StringBuilder value = new StringBuilder();
      int j = eq + 2;
      while (j < line.length() && line.charAt(j) != '"') {
        char v = line.charAt(j);
        if (v == '\\' && j + 1 < line.length()) {
          char next = line.charAt(++j);
          value.append(next == 'n' ? '\n' : next);
        } else {
          value.append(v);
        }
        j++;
      }
      into.put(line.substring(i, eq).strip(), value.toString());
      i = j + 1;
    }
    return -1;
  }
}
