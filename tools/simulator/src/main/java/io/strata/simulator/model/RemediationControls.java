package io.strata.simulator.model;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The settings the remediator (or a person) changes through the Kubernetes API, applied to the
 * model: node cordons, a workload's concurrency, traffic split, pause, min-scale, replicas and
 * model version, and the pods taken out of traffic. Kept apart from {@link ClusterModel} so that
 * the model holds the cluster and its scenario, and this class what an action on them does.
 *
 * <p>Each setter returns whether anything changed: the informers deliver unchanged objects again,
 * and the caller logs and syncs pods only on a change.
 *
 * <p>Used only under the {@link ClusterModel} lock: the model's synchronized setters are its only
 * callers.
 */
final class RemediationControls {

  private final Map<String, Node> nodesByName;
  private final BiFunction<String, String, Optional<Workload>> workloads;
  private final PodLedger ledger;
  private final WorkloadScaler scaler;

  /** Pods out of traffic, as namespace/name (a readiness gate set False). */
  private final Set<String> pausedPods = new HashSet<>();

  /**
   * @param workloads the workload of a namespace and name, if the model has it
   */
  RemediationControls(
      Map<String, Node> nodesByName,
      BiFunction<String, String, Optional<Workload>> workloads,
      PodLedger ledger,
      WorkloadScaler scaler) {
    this.nodesByName = nodesByName;
    this.workloads = workloads;
    this.ledger = ledger;
    this.scaler = scaler;
  }

  boolean setCordoned(String nodeName, boolean cordoned) {
    Node node = nodesByName.get(nodeName);
    if (node == null || node.cordoned() == cordoned) {
      return false;
    }
    node.setCordoned(cordoned);
    if (!cordoned) {
      ledger.schedulePending();
    }
    return true;
  }

  boolean setConcurrency(String namespace, String name, int concurrency) {
    return change(
        namespace, name, w -> w.concurrency() == concurrency, w -> w.setConcurrency(concurrency));
  }

  /** A Knative traffic split by revision name; revisions the workload lacks are ignored. */
  boolean setTraffic(String namespace, String name, Map<String, Integer> split) {
    Optional<Workload> workload = workloads.apply(namespace, name);
    if (workload.isEmpty()) {
      return false;
    }
    Map<String, Integer> known = new LinkedHashMap<>();
    split.forEach(
        (revision, percent) -> {
          if (workload.get().revision(revision) != null && percent > 0) {
            known.merge(revision, percent, Integer::sum);
          }
        });
    if (known.isEmpty() || known.equals(workload.get().traffic())) {
      return false;
    }
    workload.get().setTraffic(known);
    return true;
  }

  boolean setWorkloadPaused(String namespace, String name, boolean paused) {
    return change(namespace, name, w -> w.paused() == paused, w -> w.setPaused(paused));
  }

  /** Applies {@code set} to the workload unless it is unknown or {@code alreadySet}. */
  private boolean change(
      String namespace, String name, Predicate<Workload> alreadySet, Consumer<Workload> set) {
    Optional<Workload> workload = workloads.apply(namespace, name).filter(alreadySet.negate());
    workload.ifPresent(set);
    return workload.isPresent();
  }

  /** See {@link WorkloadScaler#setMinScale}. */
  boolean setMinScale(String namespace, String name, int minScale) {
    return workloads.apply(namespace, name).map(w -> scaler.setMinScale(w, minScale)).orElse(false);
  }

  /** See {@link WorkloadScaler#setReplicas}. */
  boolean setReplicas(String namespace, String name, int replicas) {
    return workloads.apply(namespace, name).map(w -> scaler.setReplicas(w, replicas)).orElse(false);
  }

  /** See {@link WorkloadScaler#setModelVersion}. */
  boolean setModelVersion(String namespace, String name, String modelVersion) {
    return workloads
        .apply(namespace, name)
        .map(w -> scaler.setModelVersion(w, modelVersion))
        .orElse(false);
  }

  boolean setPodPaused(String namespace, String name, boolean paused) {
    String key = namespace + "/" + name;
    return paused ? pausedPods.add(key) : pausedPods.remove(key);
  }

  /** Whether the pod is out of traffic (its own pause, not its workload's). */
  boolean podPaused(Pod pod) {
    return pausedPods.contains(pod.namespace() + "/" + pod.name());
  }

  /** The workload's pods out of traffic, for GET /status. */
  long pausedPodCount(Workload w) {
    return ledger.live().stream().filter(p -> p.workload() == w && podPaused(p)).count();
  }
}
