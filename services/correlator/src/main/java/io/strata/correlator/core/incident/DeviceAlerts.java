package io.strata.correlator.core.incident;

import io.strata.correlator.core.state.TrackerKeys;
import java.util.List;
import java.util.Map;

/**
 * Where an alert naming a node goes among the device incidents of that node: it joins every open
 * one (of its GPU and the node's own, when it names a GPU); one that joins none opens an incident
 * when it fires and a rule maps it, on its GPU or else on the whole node; otherwise it is context
 * only. One fault, one incident: an alert an open incident takes never opens another.
 */
public final class DeviceAlerts {

  private DeviceAlerts() {}

  /**
   * What an alert does on its node.
   *
   * @param join the open incidents' tracker keys it joins, in key order
   * @param open the tracker key of the incident it opens, null when it opens none
   */
  public record Targets(List<String> join, String open) {

    public Targets {
      join = List.copyOf(join);
    }
  }

  /**
   * @param nodeKey the alert's cluster/node
   * @param trackers the node's device-incident trackers by key, in key order
   */
  public static Targets of(
      String nodeKey, Map<String, DeviceRecovery> trackers, AlertNotice alert) {
    List<String> join =
        trackers.entrySet().stream()
            .filter(t -> t.getValue().active())
            .map(Map.Entry::getKey)
            .filter(key -> concerns(key, alert.gpuUuid()))
            .toList();
    if (!join.isEmpty() || alert.opening() == null || !alert.firing()) {
      return new Targets(join, null);
    }
    String gpu = alert.gpuUuid() == null ? TrackerKeys.NODE_WIDE : alert.gpuUuid();
    return new Targets(List.of(), TrackerKeys.of(nodeKey, gpu, alert.opening().incidentClass()));
  }

  /** An alert naming a GPU concerns that GPU's incidents and the node's own; else every one. */
  private static boolean concerns(String trackerKey, String gpu) {
    return gpu == null
        || TrackerKeys.isNodeWide(trackerKey)
        || gpu.equals(TrackerKeys.gpuOf(trackerKey));
  }
}
