package io.strata.remediator.core.plan;

import io.strata.events.incident.Incident;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One cluster per remediator: several clusters may publish incidents to one Kafka, and a node or
 * workload name of another cluster may exist here too, so only incidents of the configured cluster
 * are acted on. An incident naming no cluster at all is foreign as well: acting on it could patch
 * the wrong cluster.
 */
public final class ClusterFilter {

  /** What to do with an incident. */
  public enum Verdict {
    OURS,
    /** Another cluster's, the first from that cluster (log it). */
    FOREIGN_FIRST,
    /** Another cluster's, already logged. */
    FOREIGN
  }

  /** How an incident without a cluster is reported. */
  public static final String NO_CLUSTER = "(none)";

  private final String cluster;
  private final Set<String> seen = ConcurrentHashMap.newKeySet();

  public ClusterFilter(String cluster) {
    this.cluster = cluster;
  }

  public Verdict judge(Incident incident) {
    String of = clusterOf(incident);
    if (cluster.equals(of)) {
      return Verdict.OURS;
    }
    return seen.add(of) ? Verdict.FOREIGN_FIRST : Verdict.FOREIGN;
  }

  /** The correlation's cluster, else the scope's, else {@link #NO_CLUSTER}. */
  public static String clusterOf(Incident incident) {
    if (incident.correlation() != null && incident.correlation().cluster() != null) {
      return incident.correlation().cluster();
    }
    if (incident.scope() != null && incident.scope().cluster() != null) {
      return incident.scope().cluster();
    }
    return NO_CLUSTER;
  }
}
