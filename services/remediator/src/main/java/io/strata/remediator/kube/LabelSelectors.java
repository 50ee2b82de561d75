package io.strata.remediator.kube;

import java.util.LinkedHashMap;
import java.util.Map;

/** Equality-based label selectors ({@code a=b,c=d}), the only form the GPU node selector takes. */
final class LabelSelectors {

  private LabelSelectors() {}

  static Map<String, String> parse(String selector) {
    Map<String, String> labels = new LinkedHashMap<>();
    for (String term : selector.split(",")) {
      String trimmed = term.trim();
      if (trimmed.isEmpty()) {
        continue;
      }
      int eq = trimmed.indexOf('=');
      if (eq <= 0 || eq == trimmed.length() - 1 || trimmed.contains("!")) {
        throw new IllegalArgumentException(
            "strata.remediator.blast-radius.gpu-node-selector: '" + trimmed + "' is not key=value");
      }
      String key = trimmed.substring(0, eq).trim();
      String value = trimmed.substring(trimmed.charAt(eq + 1) == '=' ? eq + 2 : eq + 1).trim();
      labels.put(key, value);
    }
    if (labels.isEmpty()) {
      throw new IllegalArgumentException(
          "strata.remediator.blast-radius.gpu-node-selector must name at least one label");
    }
    return labels;
  }
}
