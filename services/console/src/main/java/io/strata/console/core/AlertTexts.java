package io.strata.console.core;

import io.strata.events.Correlation;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How an Alertmanager alert reads in the console. Labels and annotations are whatever the alert's
 * rule wrote (attacker-controlled): the pages write them as text, and a URL is linked only when it
 * is an absolute http(s) URL.
 */
final class AlertTexts {

  /** Longest summary shown (the correlator cuts an evidence summary at the same length). */
  static final int SUMMARY_CHARS = 500;

  private AlertTexts() {}

  /** The {@code summary} annotation, else {@code description}; null when neither is set. */
  static String summary(Map<String, String> annotations) {
    String summary = annotations.get("summary");
    if (summary == null || summary.isBlank()) {
      summary = annotations.get("description");
    }
    return summary == null || summary.isBlank() ? null : cut(summary.strip());
  }

  static String cut(String text) {
    if (text == null || text.length() <= SUMMARY_CHARS) {
      return text;
    }
    return text.substring(0, SUMMARY_CHARS - 1) + "…";
  }

  /**
   * {@code url} when it is an absolute http or https URL with a host, else null: anything else
   * ({@code javascript:}, {@code data:}, relative, unparsable) is shown as text, never linked.
   */
  static String link(String url) {
    if (url == null || url.isBlank()) {
      return null;
    }
    try {
      URI uri = new URI(url);
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      boolean web = scheme.equals("http") || scheme.equals("https");
      return web && uri.getHost() != null ? url : null;
    } catch (URISyntaxException e) {
      return null;
    }
  }

  /**
   * The correlation keys the alert names, as the list shows them: {@code cluster c}, {@code node
   * n}, {@code workload ns/w}, {@code pod ns/p} ({@code namespace ns} alone when it names neither),
   * {@code GPU uuid}.
   */
  static List<String> keys(Correlation correlation, String gpuUuid) {
    List<String> keys = new ArrayList<>();
    add(keys, "cluster", correlation.cluster());
    add(keys, "node", correlation.node());
    String namespace = correlation.namespace();
    add(keys, "workload", qualified(namespace, correlation.workload()));
    add(keys, "pod", qualified(namespace, correlation.pod()));
    if (correlation.workload() == null && correlation.pod() == null) {
      add(keys, "namespace", namespace);
    }
    add(keys, "GPU", gpuUuid == null || gpuUuid.isBlank() ? null : gpuUuid);
    return List.copyOf(keys);
  }

  private static String qualified(String namespace, String name) {
    if (name == null) {
      return null;
    }
    return namespace == null ? name : namespace + "/" + name;
  }

  private static void add(List<String> keys, String key, String value) {
    if (value != null) {
      keys.add(key + " " + value);
    }
  }
}
