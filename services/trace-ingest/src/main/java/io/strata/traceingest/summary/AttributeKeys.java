package io.strata.traceingest.summary;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which attribute keys fill which field, and with what precedence (lower rank wins). The fixed keys
 * follow the OpenTelemetry semantic conventions for Kubernetes and service resources; the others
 * come from configuration. Every other attribute is ignored, so nothing high-cardinality reaches a
 * summary.
 */
public final class AttributeKeys {

  /** Rank of the fallbacks that apply only when no configured key is present. */
  private static final int FALLBACK = 1000;

  record Target(CorrelationField field, int rank) {}

  private final Map<String, List<Target>> targets = new HashMap<>();

  /**
   * @param modelVersion model version keys in order; service.version follows them
   * @param queue queue keys in order
   * @param gpuUuid GPU UUID keys in order
   * @param acceleratorType accelerator type keys in order
   * @param outputTokens output token count keys in order
   */
  public AttributeKeys(
      List<String> modelVersion,
      List<String> queue,
      List<String> gpuUuid,
      List<String> acceleratorType,
      List<String> outputTokens) {
    add("k8s.cluster.name", CorrelationField.CLUSTER, 0);
    add("k8s.node.name", CorrelationField.NODE, 0);
    add("k8s.namespace.name", CorrelationField.NAMESPACE, 0);
    add("k8s.pod.name", CorrelationField.POD, 0);
    add("k8s.container.name", CorrelationField.CONTAINER, 0);
    add("k8s.deployment.name", CorrelationField.WORKLOAD, 0);
    add("k8s.job.name", CorrelationField.WORKLOAD, 1);
    add("k8s.job.name", CorrelationField.JOB, 0);
    add("k8s.statefulset.name", CorrelationField.WORKLOAD, 2);
    add("service.name", CorrelationField.SERVICE_NAME, 0);
    add("service.name", CorrelationField.WORKLOAD, FALLBACK);
    add("service.version", CorrelationField.MODEL_VERSION, FALLBACK);
    addAll(modelVersion, CorrelationField.MODEL_VERSION);
    addAll(queue, CorrelationField.QUEUE);
    addAll(gpuUuid, CorrelationField.GPU_UUID);
    addAll(acceleratorType, CorrelationField.ACCELERATOR_TYPE);
    addAll(outputTokens, CorrelationField.OUTPUT_TOKENS);
  }

  /** The fields a key fills, or null when the key means nothing to Strata. */
  List<Target> targets(String key) {
    return targets.get(key);
  }

  private void addAll(List<String> keys, CorrelationField field) {
    for (int i = 0; i < keys.size(); i++) {
      add(keys.get(i), field, i);
    }
  }

  private void add(String key, CorrelationField field, int rank) {
    List<Target> list = targets.computeIfAbsent(key, k -> new ArrayList<>(2));
    list.removeIf(t -> t.field() == field && t.rank() >= rank);
    if (list.stream().noneMatch(t -> t.field() == field)) {
      list.add(new Target(field, rank));
    }
  }
}
