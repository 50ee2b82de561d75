package io.strata.simulator.dcgm;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Label pairs rendered the way dcgm-exporter writes them: {@code key="value"} joined by commas,
 * values escaped per the Prometheus text format.
 */
final class LabelSet {

  record Label(String key, String value) {}

  private LabelSet() {}

  static String render(List<Label> labels) {
    StringBuilder out = new StringBuilder(labels.size() * 24);
    for (Label label : labels) {
      if (out.length() > 0) {
        out.append(',');
      }
      out.append(label.key()).append("=\"");
      escape(label.value(), out);
      out.append('"');
    }
    return out.toString();
  }

  /** The attribute labels (pod, DRA, XID, health) come after the fixed ones, sorted by key. */
  static List<Label> sorted(List<Label> a, List<Label> b) {
    List<Label> all = new ArrayList<>(a.size() + b.size());
    all.addAll(a);
    all.addAll(b);
    all.sort(Comparator.comparing(Label::key));
    return all;
  }

  static void escape(String value, StringBuilder out) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '\\' -> out.append("\\\\");
        case '"' -> out.append("\\\"");
        case '\n' -> out.append("\\n");
        default -> out.append(c);
      }
    }
  }
}
