package io.strata.loglinks;

import java.util.EnumMap;
import java.util.Map;

/**
 * What one link is about, with the values known of it.
 *
 * @param kind which templates apply: those whose most specific placeholder is the kind's
 * @param label how a link names it: {@code pod llm-7d9f-x2}
 */
public record LogSubject(Kind kind, String label, Map<Placeholder, String> values) {

  /** Subjects from the most specific to the whole incident. */
  public enum Kind {
    TRACE,
    POD,
    NODE,
    INCIDENT;

    /**
     * The kind a template is rendered for: a template naming {trace_id} is a trace's, else one
     * naming {pod} a pod's, else one naming {node} a node's, else the incident's. So a pod template
     * is drawn once per pod, not again for each trace that passed through the pod.
     */
    public static Kind of(java.util.Set<Placeholder> uses) {
      if (uses.contains(Placeholder.TRACE_ID)) {
        return TRACE;
      }
      if (uses.contains(Placeholder.POD)) {
        return POD;
      }
      return uses.contains(Placeholder.NODE) ? NODE : INCIDENT;
    }
  }

  public LogSubject {
    EnumMap<Placeholder, String> copy = new EnumMap<>(Placeholder.class);
    values.forEach(
        (k, v) -> {
          if (v != null && !v.isBlank()) {
            copy.put(k, v);
          }
        });
    values = Map.copyOf(copy);
  }
}
