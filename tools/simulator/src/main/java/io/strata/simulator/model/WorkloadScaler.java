package io.strata.simulator.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the workload controllers do when the remediator changes a workload's scale or version:
 * Knative min-scale, Deployment replicas, a Deployment's pod-template model version. Used only
 * under the {@link ClusterModel} lock.
 */
final class WorkloadScaler {

  private final PodLedger ledger;
  private final Map<Workload, List<String>> minScalePods = new HashMap<>();
  private int serial;

  WorkloadScaler(PodLedger ledger) {
    this.ledger = ledger;
  }

  /** A pod its controller just created, named like the controller's pods. */
  Pod newPod(Workload w, Revision revision, String origin) {
    String prefix = ClusterModel.replicaSetName(w, revision) + "-";
    String name = prefix + Names.suffix(origin + serial++, 5);
    while (taken(w.namespace(), name)) {
      name = prefix + Names.suffix(origin + serial++, 5);
    }
    String container = w.kind() == WorkloadKind.KNATIVE_SERVICE ? "user-container" : "server";
    return new Pod(
        name,
        w.namespace(),
        container,
        Names.uid(w.namespace() + "/" + name),
        w,
        revision,
        w.gpusPerPod(),
        null,
        List.of(),
        null);
  }

  private boolean taken(String namespace, String name) {
    return ledger.live().stream()
        .anyMatch(p -> p.name().equals(name) && p.namespace().equals(namespace));
  }

  /**
   * A Knative Service's {@code autoscaling.knative.dev/min-scale}: each unit above the seeded value
   * ({@link Workload#minScaleBaseline()}) is one more pod of the revision taking most traffic,
   * placed by the scheduler (or Pending); lowering it deletes those pods again, newest first.
   */
  boolean setMinScale(Workload w, int minScale) {
    if (w.kind() != WorkloadKind.KNATIVE_SERVICE) {
      return false;
    }
    int extra = Math.max(0, minScale - w.minScaleBaseline());
    List<String> added = minScalePods.computeIfAbsent(w, k -> new ArrayList<>());
    if (added.size() == extra) {
      return false;
    }
    while (added.size() < extra) {
      added.add(ledger.admit(newPod(w, w.primaryRevision(), "minscale")).uid());
    }
    while (added.size() > extra) {
      ledger.release(added.remove(added.size() - 1));
    }
    ledger.schedulePending();
    return true;
  }

  /**
   * A Deployment's {@code spec.replicas}: its pods of the active version are added (placed or
   * Pending) or deleted, newest first, until there are that many.
   */
  boolean setReplicas(Workload w, int replicas) {
    if (w.kind() != WorkloadKind.DEPLOYMENT || replicas < 0) {
      return false;
    }
    List<Pod> own = ledger.live().stream().filter(p -> p.workload() == w).toList();
    if (own.size() == replicas) {
      return false;
    }
    for (int i = own.size(); i < replicas; i++) {
      ledger.admit(newPod(w, w.primaryRevision(), "replica"));
    }
    for (int i = own.size() - 1; i >= replicas; i--) {
      ledger.release(own.get(i).uid());
    }
    ledger.schedulePending();
    return true;
  }

  /**
   * A Deployment's pod-template model version changed (a rollout or the remediator's rollback):
   * like a rolling update, every pod of another version is replaced by a pod of this one, which
   * takes over its predecessor's GPUs, and the requests go to the new version.
   *
   * @return false if the version is already active or the workload never ran it
   */
  boolean setModelVersion(Workload w, String modelVersion) {
    if (w.kind() != WorkloadKind.DEPLOYMENT) {
      return false;
    }
    Revision target = w.revisionForModelVersion(modelVersion);
    if (target == null || target.equals(w.primaryRevision())) {
      return false;
    }
    w.setTraffic(Map.of(target.name(), 100));
    for (Pod old : List.copyOf(ledger.live())) {
      if (old.workload() == w && !old.revision().equals(target)) {
        ledger.release(old.uid());
        Pod replacement = newPod(w, target, "rollout");
        if (old.isScheduled()) {
          ledger.admitOn(replacement, old.node(), old.gpuIndices());
        } else {
          ledger.admit(replacement);
        }
      }
    }
    return true;
  }
}
