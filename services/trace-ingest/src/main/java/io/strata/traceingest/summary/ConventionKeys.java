package io.strata.traceingest.summary;

import static io.strata.traceingest.summary.CorrelationField.ACCELERATOR_TYPE;
import static io.strata.traceingest.summary.CorrelationField.CLUSTER;
import static io.strata.traceingest.summary.CorrelationField.CONTAINER;
import static io.strata.traceingest.summary.CorrelationField.JOB;
import static io.strata.traceingest.summary.CorrelationField.MODEL_VERSION;
import static io.strata.traceingest.summary.CorrelationField.NAMESPACE;
import static io.strata.traceingest.summary.CorrelationField.NODE;
import static io.strata.traceingest.summary.CorrelationField.POD;
import static io.strata.traceingest.summary.CorrelationField.QUEUE;
import static io.strata.traceingest.summary.CorrelationField.SERVICE_NAME;
import static io.strata.traceingest.summary.CorrelationField.WORKLOAD;

import java.util.List;

/**
 * The attribute names read by convention rather than configuration, one line each. Within a field,
 * the earlier line wins; {@link Precedence} places a line before or after the field's configured
 * keys. When a collector renames an attribute, its old and new names both get a line, so telemetry
 * of either naming (or both, during a dual-emission migration) gives the same summary.
 */
final class ConventionKeys {

  /** Where a conventional name ranks against the configured keys of its field. */
  enum Precedence {
    /** The field's own convention, ahead of any configured key. */
    FIRST,
    /** Read only when no configured key of the field is present. */
    AFTER_CONFIGURED
  }

  record Entry(String key, CorrelationField field, Precedence precedence) {}

  private static final String KUEUE_QUEUE = "kueue.x-k8s.io/queue-name";
  private static final String GPU_PRODUCT = "nvidia.com/gpu.product";

  static final List<Entry> TABLE =
      List.of(
          // Kubernetes resource conventions (semantic-conventions model/k8s/registry.yaml); the
          // k8s_attributes processor's v1.0 (contrib PR #49152) kept these names unchanged.
          first("k8s.cluster.name", CLUSTER),
          first("k8s.node.name", NODE),
          first("k8s.namespace.name", NAMESPACE),
          first("k8s.pod.name", POD),
          first("k8s.container.name", CONTAINER),
          first("k8s.deployment.name", WORKLOAD),
          first("k8s.job.name", WORKLOAD),
          first("k8s.statefulset.name", WORKLOAD),
          first("k8s.job.name", JOB),
          // Service resource conventions (service.version is the service's, not the model's).
          first("service.name", SERVICE_NAME),
          after("service.name", WORKLOAD),
          after("service.version", MODEL_VERSION),
          // Kueue's queue label (kueue pkg/controller/constants QueueLabel) as k8s_attributes
          // names an `extract.labels` rule without tag_name: k8s.<from>.label.<key> from v1.0
          // (semconv k8s.pod.label, k8s.job.label), k8s.<from>.labels.<key> before (its README
          // "Semantic Conventions Compatibility"; options.go extractFieldRules).
          after("k8s.pod.label." + KUEUE_QUEUE, QUEUE), // v1.0
          after("k8s.pod.labels." + KUEUE_QUEUE, QUEUE), // before v1.0
          after("k8s.job.label." + KUEUE_QUEUE, QUEUE), // v1.0
          after("k8s.job.labels." + KUEUE_QUEUE, QUEUE), // before v1.0
          // NVIDIA GPU Feature Discovery's product label on the node (k8s-watcher's accelerator
          // label), from: node; k8s.node.labels.<key> became k8s.node.label.<key> at v1.0.
          after("k8s.node.label." + GPU_PRODUCT, ACCELERATOR_TYPE), // v1.0
          after("k8s.node.labels." + GPU_PRODUCT, ACCELERATOR_TYPE)); // before v1.0

  private ConventionKeys() {}

  private static Entry first(String key, CorrelationField field) {
    return new Entry(key, field, Precedence.FIRST);
  }

  private static Entry after(String key, CorrelationField field) {
    return new Entry(key, field, Precedence.AFTER_CONFIGURED);
  }
}
