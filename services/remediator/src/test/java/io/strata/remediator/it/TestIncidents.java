package io.strata.remediator.it;

import io.strata.events.Correlation;
import io.strata.events.device.HealthStatus;
import io.strata.events.incident.DeviceEvidence;
import io.strata.events.incident.Evidence;
import io.strata.events.incident.ExemplarTrace;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import io.strata.events.incident.Scope;
import io.strata.events.incident.Severity;
import io.strata.events.incident.Signal;
import io.strata.events.incident.Trigger;
import io.strata.events.trace.Stage;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Device-fault incidents as the correlator publishes them. */
final class TestIncidents {

  static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

  private TestIncidents() {}

  static Incident deviceFault(
      String id,
      long revision,
      IncidentState state,
      List<String> nodes,
      Instant openedAt,
      Instant now) {
    return deviceFault(id, revision, state, nodes, openedAt, now, null);
  }

  /**
   * @param pod the pod holding the faulty GPU (in namespace ml), as the correlator names it from
   *     the GPU's owner; null when the owner is unknown
   */
  static Incident deviceFault(
      String id,
      long revision,
      IncidentState state,
      List<String> nodes,
      Instant openedAt,
      Instant now,
      String pod) {
    boolean resolved = state == IncidentState.RESOLVED;
    return new Incident(
        id,
        revision,
        IncidentClass.DEVICE_FAULT,
        Severity.CRITICAL,
        state,
        "XID 79 (GPU fallen off the bus) on " + nodes.get(0),
        Correlation.builder()
            .cluster("test")
            .node(nodes.get(0))
            .namespace("ml")
            .workload("llm")
            .pod(pod)
            .modelVersion("v7")
            .acceleratorType("H100")
            .build(),
        new Scope(
            "test",
            nodes,
            List.of("GPU-1"),
            List.of("ml/llm"),
            List.of("v7"),
            nodes.size() == 1,
            true,
            true),
        new Trigger(Signal.REQUEST_P95, 1840, 420.0, "ms", openedAt.minusSeconds(300), openedAt),
        Stage.GPU_EXECUTE,
        new Evidence(
            List.of(
                new ExemplarTrace(
                    TRACE_ID,
                    1840,
                    Stage.GPU_EXECUTE,
                    Map.of(Stage.GPU_EXECUTE, 1500.0, Stage.QUEUE_WAIT, 40.0),
                    null,
                    nodes.get(0),
                    "GPU-1")),
            List.of(
                new DeviceEvidence(
                    nodes.get(0),
                    "GPU-1",
                    Map.of("gpu_temp", 91.0, "power_usage", 690.5),
                    List.of(79),
                    HealthStatus.FAIL)),
            List.of(),
            List.of(),
            List.of()),
        List.of(),
        openedAt,
        now,
        resolved ? now : null,
        resolved ? now.toEpochMilli() - openedAt.toEpochMilli() : null,
        Incident.FIRST_EPISODE,
        null);
  }

  /** The same incident as published by another cluster's correlator. */
  static Incident inCluster(Incident i, String cluster) {
    Scope s = i.scope();
    return new Incident(
        i.incidentId(),
        i.revision(),
        i.incidentClass(),
        i.severity(),
        i.state(),
        i.summary(),
        Correlation.builder()
            .cluster(cluster)
            .node(i.correlation().node())
            .namespace(i.correlation().namespace())
            .workload(i.correlation().workload())
            .build(),
        new Scope(
            cluster,
            s.nodes(),
            s.gpuUuids(),
            s.workloads(),
            s.modelVersions(),
            s.singleNode(),
            s.singleModel(),
            s.singleVersion()),
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
