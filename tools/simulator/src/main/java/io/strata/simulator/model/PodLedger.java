package io.strata.simulator.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The pods of the cluster and which GPUs they hold, with a journal of what changed since the
 * Kubernetes API was last told. Used only under the {@link ClusterModel} lock.
 */
final class PodLedger {

  private final Map<String, Node> nodesByName;
  private final Scheduler scheduler;
  private final List<Pod> pods = new ArrayList<>();
  private final List<Pod> deletedSinceSync = new ArrayList<>();
  private final List<Pod> createdSinceSync = new ArrayList<>();
  private final List<Pod> boundSinceSync = new ArrayList<>();

  PodLedger(Map<String, Node> nodesByName, Scheduler scheduler) {
    this.nodesByName = nodesByName;
    this.scheduler = scheduler;
  }

  /** The live list, in creation order. */
  List<Pod> live() {
    return pods;
  }

  /** Schedules a new pod (or leaves it Pending) and records it. */
  Pod admit(Pod pod) {
    Pod placed =
        scheduler
            .place(pod.gpuCount())
            .map(p -> pod.placedOn(p.node(), p.gpuIndices()))
            .orElse(pod);
    if (placed.isScheduled()) {
      hold(placed);
    }
    pods.add(placed);
    createdSinceSync.add(placed);
    return placed;
  }

  /** Records a pod on GPUs chosen by the caller (a replacement taking over its predecessor's). */
  Pod admitOn(Pod pod, String nodeName, List<Integer> gpuIndices) {
    Pod placed = pod.placedOn(nodeName, gpuIndices);
    hold(placed);
    pods.add(placed);
    createdSinceSync.add(placed);
    return placed;
  }

  /** Deletes the pod with this uid (its current record: it may have been bound since). */
  Pod release(String uid) {
    for (int i = 0; i < pods.size(); i++) {
      Pod pod = pods.get(i);
      if (pod.uid().equals(uid)) {
        pods.remove(i);
        if (pod.isScheduled()) {
          Node node = nodesByName.get(pod.node());
          for (int index : pod.gpuIndices()) {
            node.gpus().get(index).setHolder(null);
          }
        }
        deletedSinceSync.add(pod);
        return pod;
      }
    }
    return null;
  }

  /**
   * The scheduler retries unschedulable pods when the cluster changes: every Pending pod that now
   * fits (GPUs freed, a node uncordoned) is bound, oldest first.
   */
  void schedulePending() {
    for (int i = 0; i < pods.size(); i++) {
      Pod pod = pods.get(i);
      if (pod.isScheduled()) {
        continue;
      }
      Optional<Scheduler.Placement> placement = scheduler.place(pod.gpuCount());
      if (placement.isPresent()) {
        Pod placed = pod.placedOn(placement.get().node(), placement.get().gpuIndices());
        hold(placed);
        pods.set(i, placed);
        boundSinceSync.add(placed);
      }
    }
  }

  /**
   * Pod changes since the last call, for the Kubernetes API. A pod created and deleted in between
   * is left out; a pod created and bound in between is created bound.
   */
  PodChanges takeChanges() {
    Set<String> deletedUids = new HashSet<>();
    deletedSinceSync.forEach(p -> deletedUids.add(p.uid()));
    Map<String, Pod> current = new HashMap<>();
    pods.forEach(p -> current.put(p.uid(), p));
    Set<String> createdUids = new HashSet<>();
    List<Pod> created = new ArrayList<>();
    for (Pod pod : createdSinceSync) {
      createdUids.add(pod.uid());
      if (!deletedUids.contains(pod.uid())) {
        created.add(current.getOrDefault(pod.uid(), pod));
      }
    }
    List<Pod> deleted =
        deletedSinceSync.stream().filter(p -> !createdUids.contains(p.uid())).toList();
    List<Pod> bound =
        boundSinceSync.stream()
            .filter(p -> !createdUids.contains(p.uid()) && current.containsKey(p.uid()))
            .map(p -> current.get(p.uid()))
            .distinct()
            .toList();
    deletedSinceSync.clear();
    createdSinceSync.clear();
    boundSinceSync.clear();
    return new PodChanges(deleted, created, bound);
  }

  private void hold(Pod pod) {
    Node node = nodesByName.get(pod.node());
    for (int index : pod.gpuIndices()) {
      node.gpus().get(index).setHolder(pod);
    }
  }
}
