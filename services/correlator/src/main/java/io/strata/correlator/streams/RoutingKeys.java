package io.strata.correlator.streams;

import io.strata.events.Correlation;
import io.strata.events.topic.Keys;

/** The correlator's internal partition keys: cluster/node and cluster/namespace/workload. */
public final class RoutingKeys {

  private RoutingKeys() {}

  public static String node(String cluster, String node) {
    return Keys.node(cluster, node);
  }

  /**
   * The workload key of a correlation block; null when it cannot be attributed (no cluster,
   * namespace or workload, nor a pod to stand for a bare workload).
   */
  public static String workload(Correlation correlation) {
    String workload = correlation.workload() != null ? correlation.workload() : correlation.pod();
    if (correlation.cluster() == null || correlation.namespace() == null || workload == null) {
      return null;
    }
    return correlation.cluster() + "/" + correlation.namespace() + "/" + workload;
  }

  /** The window grouping key: workload key and model_version. */
  public static String workloadVersion(Correlation correlation) {
    String workload = workload(correlation);
    return workload == null
        ? null
        : workload + "|" + (correlation.modelVersion() == null ? "" : correlation.modelVersion());
  }
}
