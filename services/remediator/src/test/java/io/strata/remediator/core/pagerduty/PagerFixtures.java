package io.strata.remediator.core.pagerduty;

import io.strata.events.Correlation;
import io.strata.events.device.HealthStatus;
import io.strata.events.incident.DeviceEvidence;
import io.strata.events.incident.Evidence;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import io.strata.events.incident.Scope;
import io.strata.events.incident.Severity;
import io.strata.events.incident.Signal;
import io.strata.events.incident.Trigger;
import io.strata.events.remediation.ActionType;
import io.strata.events.trace.Stage;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** An XID 79 incident as the correlator publishes it, at each step of its life. */
final class PagerFixtures {

  static final Instant T0 = Instant.parse("2026-12-08T10:00:00Z");
  static final String KEY = "0123456789abcdef0123456789abcdef";
  static final String ID = "inc-7f3a9c21";

  private PagerFixtures() {}

  /** OPEN at T0 (revision 1), MITIGATING a minute later, RESOLVED six minutes after T0. */
  static Incident xid79(IncidentState state, long revision) {
    return xid79(state, revision, Severity.CRITICAL, 1);
  }

  static Incident xid79(IncidentState state, long revision, Severity severity, int episode) {
    return xid79(ID, state, revision, severity, episode);
  }

  static Incident xid79(
      String id, IncidentState state, long revision, Severity severity, int episode) {
    Instant updated =
        switch (state) {
          case MITIGATING -> T0.plusSeconds(60);
          case RESOLVED -> T0.plusSeconds(360);
          default -> T0;
        };
    return new Incident(
        id,
        revision,
        IncidentClass.DEVICE_FAULT,
        severity,
        state,
        "XID 79 (GPU fallen off the bus) on gpu-node-7",
        Correlation.builder()
            .cluster("gpu-east")
            .node("gpu-node-7")
            .namespace("ml")
            .workload("llm")
            .build(),
        new Scope(
            "gpu-east",
            List.of("gpu-node-7"),
            List.of("GPU-5d2c1e7a"),
            List.of("ml/llm"),
            List.of("v7"),
            true,
            true,
            true),
        new Trigger(Signal.XID, 79, null, "xid", T0, T0),
        Stage.GPU_EXECUTE,
        new Evidence(
            List.of(),
            List.of(
                new DeviceEvidence(
                    "gpu-node-7",
                    "GPU-5d2c1e7a",
                    Map.of("gpu_temp", 91.0),
                    List.of(79),
                    HealthStatus.FAIL)),
            List.of(),
            List.of(),
            List.of()),
        List.of(ActionType.CORDON_NODE, ActionType.PAUSE_NEW_BATCHES),
        T0,
        updated,
        state == IncidentState.RESOLVED ? updated : null,
        state == IncidentState.RESOLVED ? 360_000L : null,
        episode,
        null);
  }
}
