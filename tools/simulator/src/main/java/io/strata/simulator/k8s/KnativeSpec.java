package io.strata.simulator.k8s;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The parts of a Knative Service spec the cluster reacts to. */
record KnativeSpec(
    Integer containerConcurrency,
    List<Map<String, Object>> trafficEntries,
    Map<String, String> templateAnnotations) {

  static KnativeSpec read(GenericKubernetesResource service) {
    Map<String, Object> spec = map(service.getAdditionalProperties().get("spec"));
    Map<String, Object> templateSpec = map(map(spec.get("template")).get("spec"));
    Map<String, String> annotations = new LinkedHashMap<>();
    map(map(map(spec.get("template")).get("metadata")).get("annotations"))
        .forEach((key, value) -> annotations.put(key, value == null ? null : value.toString()));
    Object concurrency = templateSpec.get("containerConcurrency");
    Integer value = concurrency instanceof Number n ? n.intValue() : null;
    Object traffic = spec.get("traffic");
    List<Map<String, Object>> entries = new java.util.ArrayList<>();
    if (traffic instanceof List<?> list) {
      for (Object entry : list) {
        entries.add(map(entry));
      }
    }
    return new KnativeSpec(value, entries, annotations);
  }

  /** Percent per revision name; an entry with latestRevision=true means {@code latest}. */
  Map<String, Integer> traffic(String latest) {
    Map<String, Integer> split = new LinkedHashMap<>();
    for (Map<String, Object> entry : trafficEntries) {
      Object revision = entry.get("revisionName");
      String name =
          revision instanceof String s && !s.isBlank()
              ? s
              : Boolean.TRUE.equals(entry.get("latestRevision")) ? latest : null;
      Object percent = entry.get("percent");
      if (name != null && percent instanceof Number n) {
        split.merge(name, n.intValue(), Integer::sum);
      }
    }
    return split;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object value) {
    return value instanceof Map<?, ?> ? (Map<String, Object>) value : Map.of();
  }
}
