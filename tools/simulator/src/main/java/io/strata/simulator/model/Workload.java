package io.strata.simulator.model;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A workload and the state the remediator can change: containerConcurrency, the Knative traffic
 * split and the pause flag. Mutated only under the {@link ClusterModel} lock.
 */
public final class Workload {

  private final String name;
  private final String namespace;
  private final WorkloadKind kind;
  private final List<Revision> revisions;
  private final int gpusPerPod;
  private final int initialConcurrency;
  private final double trafficShare;
  private final Map<String, Integer> baselineTraffic;
  private int concurrency;
  private Map<String, Integer> traffic;
  private boolean paused;
  private int minScaleBaseline = 1;

  /**
   * @param trafficShare this workload's share of the cluster request rate (0 for training)
   * @param baselineTraffic percent per revision name in the healthy state
   */
  public Workload(
      String name,
      String namespace,
      WorkloadKind kind,
      List<Revision> revisions,
      int gpusPerPod,
      int initialConcurrency,
      double trafficShare,
      Map<String, Integer> baselineTraffic) {
    this.name = name;
    this.namespace = namespace;
    this.kind = kind;
    this.revisions = List.copyOf(revisions);
    this.gpusPerPod = gpusPerPod;
    this.initialConcurrency = initialConcurrency;
    this.trafficShare = trafficShare;
    this.baselineTraffic = Map.copyOf(baselineTraffic);
    this.concurrency = initialConcurrency;
    this.traffic = new LinkedHashMap<>(baselineTraffic);
  }

  public String name() {
    return name;
  }

  public String namespace() {
    return namespace;
  }

  public WorkloadKind kind() {
    return kind;
  }

  public List<Revision> revisions() {
    return revisions;
  }

  public int gpusPerPod() {
    return gpusPerPod;
  }

  public int initialConcurrency() {
    return initialConcurrency;
  }

  public double trafficShare() {
    return trafficShare;
  }

  public boolean servesRequests() {
    return trafficShare > 0;
  }

  public synchronized int concurrency() {
    return concurrency;
  }

  synchronized void setConcurrency(int value) {
    concurrency = value;
  }

  public synchronized Map<String, Integer> traffic() {
    return Map.copyOf(traffic);
  }

  synchronized void setTraffic(Map<String, Integer> split) {
    traffic = new LinkedHashMap<>(split);
  }

  Map<String, Integer> baselineTraffic() {
    return baselineTraffic;
  }

  public synchronized boolean paused() {
    return paused;
  }

  synchronized void setPaused(boolean value) {
    paused = value;
  }

  public Revision revision(String revisionName) {
    return revisions.stream().filter(r -> r.name().equals(revisionName)).findFirst().orElse(null);
  }

  /** The revision of a model version, or null if the workload never ran it. */
  public Revision revisionForModelVersion(String modelVersion) {
    return revisions.stream()
        .filter(r -> r.modelVersion().equals(modelVersion))
        .findFirst()
        .orElse(null);
  }

  /**
   * The revision taking the largest share of the traffic: a Deployment's active version, or the
   * Knative revision most requests go to (where the simulator puts pods a higher min-scale adds).
   */
  public synchronized Revision primaryRevision() {
    String best = null;
    int bestPercent = -1;
    for (Map.Entry<String, Integer> entry : traffic.entrySet()) {
      if (entry.getValue() > bestPercent && revision(entry.getKey()) != null) {
        best = entry.getKey();
        bestPercent = entry.getValue();
      }
    }
    return best == null ? revisions.get(0) : revision(best);
  }

  /**
   * The {@code autoscaling.knative.dev/min-scale} the Knative Service is seeded with: the pods of
   * its primary revision, which the simulated autoscaler holds in the healthy state.
   */
  public synchronized int minScaleBaseline() {
    return minScaleBaseline;
  }

  synchronized void setMinScaleBaseline(int value) {
    minScaleBaseline = value;
  }

  /** The newest revision: what a Knative traffic entry with latestRevision=true routes to. */
  public Revision latestRevision() {
    return revisions.get(revisions.size() - 1);
  }
}
