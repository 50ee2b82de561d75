package io.strata.remediator.core;

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
import io.strata.remediator.core.patch.PatchSettings;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Incidents and settings shared by the core tests. */
final class Fixtures {

  static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");

  private Fixtures() {}

  static Incident deviceFault(String id, long revision, IncidentState state, List<String> nodes) {
    return deviceFault(id, revision, state, nodes, "ml");
  }

  /** The same, with the pod on the faulty GPU in {@code namespace}. */
  static Incident deviceFault(
      String id, long revision, IncidentState state, List<String> nodes, String namespace) {
    return new Incident(
        id,
        revision,
        IncidentClass.DEVICE_FAULT,
        Severity.CRITICAL,
        state,
        "XID 79 on " + nodes,
        Correlation.builder()
            .cluster("c1")
            .node(nodes.get(0))
            .namespace(namespace)
            .workload("llm")
            .pod("llm-0")
            .modelVersion("v7")
            .acceleratorType("H100")
            .build(),
        new Scope(
            "c1", nodes, List.of("GPU-1"), List.of("ml/llm"), List.of("v7"), true, true, true),
        new Trigger(Signal.XID, 79, null, "xid", T0.minusSeconds(60), T0),
        Stage.GPU_EXECUTE,
        new Evidence(
            List.of(
                new ExemplarTrace(
                    "4bf92f3577b34da6a3ce929d0e0e4736",
                    1800,
                    Stage.GPU_EXECUTE,
                    Map.of(Stage.GPU_EXECUTE, 1500.0),
                    "llm-0",
                    nodes.get(0),
                    "GPU-1")),
            List.of(
                new DeviceEvidence(
                    nodes.get(0),
                    "GPU-1",
                    Map.of("gpu_temp", 91.0),
                    List.of(79),
                    HealthStatus.FAIL)),
            List.of(),
            List.of(),
            List.of()),
        List.of(),
        T0,
        T0,
        state == IncidentState.RESOLVED ? T0.plusSeconds(600) : null,
        state == IncidentState.RESOLVED ? 600_000L : null,
        Incident.FIRST_EPISODE,
        null);
  }

  static PatchSettings patchSettings() {
    return new PatchSettings(0.5, 4, 1, 1, "strata.io/serving");
  }
}
