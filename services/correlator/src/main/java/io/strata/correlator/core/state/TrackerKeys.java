package io.strata.correlator.core.state;

import io.strata.events.incident.IncidentClass;

/**
 * Names of the device-incident trackers, cluster/node/gpu|CLASS: one tracker per GPU scope and
 * class, living under the GPU's cluster/node key so that both sides of the repartition agree on it.
 * An incident of a whole node (an alert that names no GPU) has {@link #NODE_WIDE} for its GPU.
 */
public final class TrackerKeys {

  /** The GPU part of a node-wide tracker: no GPU UUID looks like it. */
  public static final String NODE_WIDE = "*";

  private TrackerKeys() {}

  /** cluster/node/gpu|CLASS. */
  public static String of(String nodeKey, String uuid, IncidentClass incidentClass) {
    return nodeKey + "/" + uuid + "|" + incidentClass.name();
  }

  /** cluster/node/*|CLASS: the incident of the whole node. */
  public static String nodeWide(String nodeKey, IncidentClass incidentClass) {
    return of(nodeKey, NODE_WIDE, incidentClass);
  }

  /** The cluster/node key a tracker key lives under. */
  public static String nodeKeyOf(String trackerKey) {
    return trackerKey.substring(0, trackerKey.lastIndexOf('/'));
  }

  /** The GPU part of a tracker key ({@link #NODE_WIDE} for a node's own incident). */
  public static String gpuOf(String trackerKey) {
    return trackerKey.substring(trackerKey.lastIndexOf('/') + 1, trackerKey.lastIndexOf('|'));
  }

  /** The incident class a tracker key names. */
  public static IncidentClass classOf(String trackerKey) {
    return IncidentClass.valueOf(trackerKey.substring(trackerKey.lastIndexOf('|') + 1));
  }

  /** Whether the tracker is a whole node's rather than one GPU's. */
  public static boolean isNodeWide(String trackerKey) {
    return NODE_WIDE.equals(gpuOf(trackerKey));
  }
}
