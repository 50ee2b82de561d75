package io.strata.k8swatcher.mapping;

import io.fabric8.kubernetes.api.model.Node;
import io.strata.events.k8s.NodeState;
import io.strata.events.k8s.Taint;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** A node → {@link NodeState}. */
public final class NodeMapper {

  private static final Set<String> BLOCKING_EFFECTS = Set.of("NoSchedule", "NoExecute");

  private final String cluster;
  private final GpuResources gpus;
  private final String acceleratorLabel;
  private final List<String> labelKeys;
  private final Set<String> toleratedTaintKeys;

  public NodeMapper(
      String cluster,
      GpuResources gpus,
      String acceleratorLabel,
      List<String> labelKeys,
      List<String> toleratedTaintKeys) {
    this.cluster = cluster;
    this.gpus = gpus;
    this.acceleratorLabel = acceleratorLabel;
    this.labelKeys = List.copyOf(labelKeys);
    this.toleratedTaintKeys = Set.copyOf(toleratedTaintKeys);
  }

  public NodeState map(Node node, Instant observedAt) {
    Identity.require(node);
    boolean cordoned =
        node.getSpec() != null && Boolean.TRUE.equals(node.getSpec().getUnschedulable());
    List<Taint> taints =
        node.getSpec() == null || node.getSpec().getTaints() == null
            ? List.of()
            : node.getSpec().getTaints().stream()
                .map(t -> new Taint(t.getKey(), t.getValue(), t.getEffect(), null))
                .toList();
    boolean blockingTaint =
        taints.stream()
            .anyMatch(
                t ->
                    BLOCKING_EFFECTS.contains(t.effect()) && !toleratedTaintKeys.contains(t.key()));
    return new NodeState(
        cluster,
        node.getMetadata().getName(),
        !cordoned && !blockingTaint,
        cordoned,
        taints,
        Conditions.ofNode(node.getStatus() == null ? null : node.getStatus().getConditions()),
        gpus.counts(node.getStatus() == null ? null : node.getStatus().getCapacity()),
        gpus.counts(node.getStatus() == null ? null : node.getStatus().getAllocatable()),
        acceleratorType(node),
        selectedLabels(node),
        node.getMetadata().getResourceVersion(),
        observedAt);
  }

  /** The node's GPU product label, or null. */
  public String acceleratorType(Node node) {
    Map<String, String> labels = node.getMetadata().getLabels();
    String value = labels == null ? null : labels.get(acceleratorLabel);
    return value == null || value.isBlank() ? null : value;
  }

  private Map<String, String> selectedLabels(Node node) {
    Map<String, String> labels = node.getMetadata().getLabels();
    Map<String, String> selected = new TreeMap<>();
    if (labels != null) {
      labelKeys.stream()
          .filter(labels::containsKey)
          .forEach(key -> selected.put(key, labels.get(key)));
    }
    return selected;
  }
}
