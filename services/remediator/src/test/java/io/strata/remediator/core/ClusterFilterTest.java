package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.Correlation;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentState;
import io.strata.events.incident.Scope;
import io.strata.remediator.core.plan.ClusterFilter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One cluster per remediator: another cluster's incidents are ignored, reported once. */
class ClusterFilterTest {

  private final ClusterFilter filter = new ClusterFilter("c1");

  @Test
  void ownIncidentsPassAndEachForeignClusterIsReportedOnce() {
    assertThat(filter.judge(incident("c1"))).isEqualTo(ClusterFilter.Verdict.OURS);
    assertThat(filter.judge(incident("c2"))).isEqualTo(ClusterFilter.Verdict.FOREIGN_FIRST);
    assertThat(filter.judge(incident("c2"))).isEqualTo(ClusterFilter.Verdict.FOREIGN);
    assertThat(filter.judge(incident("c3"))).isEqualTo(ClusterFilter.Verdict.FOREIGN_FIRST);
    assertThat(filter.judge(incident("c1"))).isEqualTo(ClusterFilter.Verdict.OURS);
  }

  @Test
  void anIncidentNamingNoClusterIsForeign() {
    Incident none = incident(null);

    assertThat(ClusterFilter.clusterOf(none)).isEqualTo(ClusterFilter.NO_CLUSTER);
    assertThat(filter.judge(none)).isEqualTo(ClusterFilter.Verdict.FOREIGN_FIRST);
  }

  /** The fixture's device fault with {@code cluster} in both its correlation and its scope. */
  private static Incident incident(String cluster) {
    Incident base = Fixtures.deviceFault("inc-1", 1, IncidentState.OPEN, List.of("gpu-1"));
    Correlation correlation =
        Correlation.builder().cluster(cluster).node("gpu-1").namespace("ml").build();
    Scope s = base.scope();
    return new Incident(
        base.incidentId(),
        base.revision(),
        base.incidentClass(),
        base.severity(),
        base.state(),
        base.summary(),
        correlation,
        new Scope(
            cluster,
            s.nodes(),
            s.gpuUuids(),
            s.workloads(),
            s.modelVersions(),
            s.singleNode(),
            s.singleModel(),
            s.singleVersion()),
        base.trigger(),
        base.longestStage(),
        base.evidence(),
        base.suggestedActions(),
        base.openedAt(),
        base.updatedAt(),
        base.resolvedAt(),
        base.timeToRecoverMillis(),
        Incident.FIRST_EPISODE,
        null);
  }
}
