package io.strata.console.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.console.Fixtures;
import io.strata.events.incident.Evidence;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentState;
import io.strata.events.incident.Scope;
import io.strata.events.topic.KeyPartitioning;
import io.strata.events.topic.NodePartitioning;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TelemetryPlannerTest {

  private static final Map<TelemetryKind, Integer> SIX =
      Map.of(TelemetryKind.SAMPLES, 6, TelemetryKind.XIDS, 6, TelemetryKind.SPANS, 6);
  private static final TelemetryPlanner.Windows WINDOWS =
      new TelemetryPlanner.Windows(Duration.ofMinutes(2), Duration.ofMinutes(1));
  private static final Instant NOW = Fixtures.OPENED.plusSeconds(30);
  private static final int NODE_PARTITION = NodePartitioning.partition("local/gpu-node-003", 6);
  private static final int TRACE_PARTITION = KeyPartitioning.partition(Fixtures.TRACE, 6);

  @Test
  void anOpenIncidentReadsItsNodesPartitionUntilNowAndItsTracesPartitionAroundItsNaming() {
    Incident incident = Fixtures.incident(1, IncidentState.OPEN);

    List<TelemetryRead> reads =
        TelemetryPlanner.plan(incident, List.of(incident), SIX, NOW, WINDOWS);

    Instant from = Fixtures.OPENED.minusSeconds(300);
    assertThat(reads)
        .containsExactly(
            new TelemetryRead(
                TelemetryKind.SAMPLES, NODE_PARTITION, from, NOW, true, Set.of(Fixtures.GPU)),
            new TelemetryRead(
                TelemetryKind.XIDS, NODE_PARTITION, from, NOW, true, Set.of(Fixtures.GPU)),
            // Named by revision 1 (updated at OPENED + 1 s), its trigger window from OPENED.
            new TelemetryRead(
                TelemetryKind.SPANS,
                TRACE_PARTITION,
                Fixtures.OPENED.minusSeconds(120),
                Fixtures.OPENED.plusSeconds(61),
                false,
                Set.of(Fixtures.TRACE)));
  }

  @Test
  void aResolvedIncidentReadsUntilFiveMinutesAfterItResolvedAndNoLonger() {
    Incident incident = Fixtures.incident(9, IncidentState.RESOLVED);

    TelemetryRead samples =
        TelemetryPlanner.plan(incident, List.of(incident), SIX, NOW, WINDOWS).get(0);

    assertThat(samples.to()).isEqualTo(Fixtures.OPENED.plusSeconds(35 + 300));
    assertThat(samples.followsNow()).isFalse();
  }

  @Test
  void aTraceFirstNamedByALaterRevisionIsLookedForAroundThatRevision() {
    Incident first = Fixtures.withExemplars(Fixtures.incident(1, IncidentState.OPEN), List.of());
    Incident third = Fixtures.incident(3, IncidentState.OPEN);

    TelemetryRead spans =
        TelemetryPlanner.plan(third, List.of(first, third), SIX, NOW, WINDOWS).get(2);

    assertThat(spans.kind()).isEqualTo(TelemetryKind.SPANS);
    assertThat(spans.to()).isEqualTo(Fixtures.OPENED.plusSeconds(3 + 60));
  }

  @Test
  void aGpuWhoseNodeIsNotNamedIsLookedForOnEveryScopeNodesPartition() {
    Incident base = Fixtures.incident(1, IncidentState.OPEN);
    Incident incident =
        withScope(
            Fixtures.withExemplars(
                new Incident(
                    base.incidentId(),
                    1,
                    base.incidentClass(),
                    base.severity(),
                    base.state(),
                    base.summary(),
                    base.correlation(),
                    base.scope(),
                    base.trigger(),
                    base.longestStage(),
                    Evidence.none(),
                    base.suggestedActions(),
                    base.openedAt(),
                    base.updatedAt(),
                    null,
                    null,
                    Incident.FIRST_EPISODE,
                    null),
                List.of()),
            List.of("node-a", "node-b"));

    List<TelemetryRead> reads = TelemetryPlanner.plan(incident, List.of(), SIX, NOW, WINDOWS);

    assertThat(reads)
        .filteredOn(r -> r.kind() == TelemetryKind.SAMPLES)
        .extracting(TelemetryRead::partition)
        .containsExactlyInAnyOrderElementsOf(
            Set.of(
                NodePartitioning.partition("local/node-a", 6),
                NodePartitioning.partition("local/node-b", 6)));
  }

  @Test
  void aTopicWithoutPartitionsIsNotRead() {
    Incident incident = Fixtures.incident(1, IncidentState.OPEN);

    List<TelemetryRead> reads =
        TelemetryPlanner.plan(
            incident, List.of(incident), Map.of(TelemetryKind.SPANS, 6), NOW, WINDOWS);

    assertThat(reads).extracting(TelemetryRead::kind).containsExactly(TelemetryKind.SPANS);
  }

  @Test
  void aReadWantsOnlyItsGpusOrTracesByRecordKey() {
    TelemetryRead samples =
        new TelemetryRead(TelemetryKind.SAMPLES, 0, NOW, NOW, false, Set.of(Fixtures.GPU));
    TelemetryRead spans =
        new TelemetryRead(TelemetryKind.SPANS, 0, NOW, NOW, false, Set.of(Fixtures.TRACE));

    assertThat(samples.wants("local/gpu-node-003/" + Fixtures.GPU)).isTrue();
    assertThat(samples.wants("local/gpu-node-003/GPU-other")).isFalse();
    assertThat(samples.wants(null)).isFalse();
    assertThat(spans.wants(Fixtures.TRACE)).isTrue();
    assertThat(spans.wants("another-trace")).isFalse();
  }

  private static Incident withScope(Incident i, List<String> nodes) {
    Scope s = i.scope();
    return new Incident(
        i.incidentId(),
        i.revision(),
        i.incidentClass(),
        i.severity(),
        i.state(),
        i.summary(),
        i.correlation(),
        new Scope(
            s.cluster(), nodes, s.gpuUuids(), s.workloads(), s.modelVersions(), false, true, true),
        i.trigger(),
        i.longestStage(),
        i.evidence(),
        i.suggestedActions(),
        i.openedAt(),
        i.updatedAt(),
        i.resolvedAt(),
        i.timeToRecoverMillis(),
        Incident.FIRST_EPISODE,
        null);
  }
}
