package io.strata.traceingest.alert;

import io.strata.events.Correlation;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Which alert labels fill which correlation key: per key an ordered list of label names, the first
 * one present with a non-blank value wins. The cluster falls back to the configured one.
 */
public final class LabelMapping {

  private final Map<MappedKey, List<String>> names;
  private final String defaultCluster;

  /**
   * @param names label names per key, in order of preference; a key without names stays unset
   * @param defaultCluster the cluster when no cluster label is present; null for none
   */
  public LabelMapping(Map<MappedKey, List<String>> names, String defaultCluster) {
    this.names = new EnumMap<>(MappedKey.class);
    names.forEach((key, list) -> this.names.put(key, List.copyOf(list)));
    this.defaultCluster =
        defaultCluster == null || defaultCluster.isBlank() ? null : defaultCluster;
  }

  public Correlation correlation(Map<String, String> labels) {
    String cluster = value(MappedKey.CLUSTER, labels);
    return Correlation.builder()
        .cluster(cluster != null ? cluster : defaultCluster)
        .node(value(MappedKey.NODE, labels))
        .namespace(value(MappedKey.NAMESPACE, labels))
        .workload(value(MappedKey.WORKLOAD, labels))
        .job(value(MappedKey.JOB, labels))
        .pod(value(MappedKey.POD, labels))
        .container(value(MappedKey.CONTAINER, labels))
        .modelVersion(value(MappedKey.MODEL_VERSION, labels))
        .queue(value(MappedKey.QUEUE, labels))
        .acceleratorType(value(MappedKey.ACCELERATOR_TYPE, labels))
        .build();
  }

  public String gpuUuid(Map<String, String> labels) {
    return value(MappedKey.GPU_UUID, labels);
  }

  /** The label names of one key, in order. */
  public List<String> names(MappedKey key) {
    return names.getOrDefault(key, List.of());
  }

  private String value(MappedKey key, Map<String, String> labels) {
    for (String name : names(key)) {
      String value = labels.get(name);
      if (value != null && !value.isBlank()) {
        return value;
      }
    }
    return null;
  }
}
