package io.strata.correlator.core.state;

import io.strata.events.incident.IncidentClass;

/**
 * Names of the device-incident trackers, cluster/node/gpu|CLASS: one tracker per GPU scope and
 * class, living under the GPU's cluster/node key so that both sides of the repartition agree on it.
 */
public final class TrackerKeys {

  private TrackerKeys() {}

  /** cluster/node/gpu|CLASS. */
  public static String of(String nodeKey, String uuid, IncidentClass incidentClass) {
    return nodeKey + "/" + uuid + "|" + incidentClass.name();
  }

  /** The cluster/node key a tracker key lives under. */
  public static String nodeKeyOf(String trackerKey) {
    return trackerKey.substring(0, trackerKey.lastIndexOf('/'));
  }
}
