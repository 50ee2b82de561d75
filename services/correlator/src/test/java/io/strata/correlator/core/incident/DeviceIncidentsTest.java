package io.strata.correlator.core.incident;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.core.state.GpuTrouble;
import io.strata.correlator.core.state.MismatchState;
import io.strata.correlator.core.state.NodeHealth;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.FindingReason;
import io.strata.events.device.XidAction;
import io.strata.events.device.XidEvent;
import io.strata.events.device.XidOrigin;
import io.strata.events.device.XidSource;
import io.strata.events.incident.ExemplarTrace;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.Severity;
import io.strata.events.incident.Signal;
import io.strata.events.remediation.ActionType;
import io.strata.events.trace.Stage;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DeviceIncidentsTest {

  private static final Instant AT = Instant.parse("2026-12-07T10:00:00Z");
  private static final String GPU = "GPU-a4f34abc-7715-3560-dcea-7238b9611a45";
  private static final ExemplarTrace SERVED =
      new ExemplarTrace(
          "4bf92f3577b34da6a3ce929d0e0e4736",
          812.5,
          Stage.GPU_EXECUTE,
          Map.of(),
          "pod1",
          "n1",
          GPU);

  /** XID 79, "GPU has fallen off the bus": catalog action RESTART_BM, a device-side XID. */
  private static XidEvent xid79() {
    return new XidEvent(
        "xid-79",
        "c1",
        "n1",
        GPU,
        "0",
        79,
        "GPU_FELL_OFF_BUS",
        "GPU has fallen off the bus",
        XidAction.RESTART_BM,
        XidOrigin.DEVICE,
        XidSource.XID_ERRORS_COUNT,
        1,
        DeviceOwner.none(),
        "n1:9400",
        AT);
  }

  @Test
  void anXidOnAGpuNobodyHoldsIsACriticalDeviceFaultOnThatNodeAndGpu() {
    MismatchState mismatch =
        new MismatchState(FindingReason.POD_DIFFERS, AT.minusSeconds(60), true, "f-1");
    GpuTrouble trouble =
        new GpuTrouble(
            IncidentClass.DEVICE_FAULT,
            "c1",
            "n1",
            GPU,
            xid79(),
            null,
            List.of(79),
            mismatch,
            List.of(SERVED),
            null,
            AT);

    IncidentDraft draft =
        DeviceIncidents.draft(trouble, new NodeHealth(true, false, true, List.of("node Ready")));

    assertThat(draft.incidentClass()).isEqualTo(IncidentClass.DEVICE_FAULT);
    assertThat(draft.severity()).isEqualTo(Severity.CRITICAL);
    assertThat(draft.summary()).isEqualTo("DEVICE_FAULT: XID 79 GPU_FELL_OFF_BUS on n1/" + GPU);
    assertThat(draft.scopeKey()).isEqualTo("n1/" + GPU);
    assertThat(draft.scope().nodes()).containsExactly("n1");
    assertThat(draft.scope().gpuUuids()).containsExactly(GPU);
    assertThat(draft.scope().workloads()).isEmpty();
    assertThat(draft.trigger().signal()).isEqualTo(Signal.XID);
    assertThat(draft.trigger().value()).isEqualTo(79.0);
    assertThat(draft.evidence().exemplarTraces()).containsExactly(SERVED);
    assertThat(draft.evidence().devices())
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.xids()).containsExactly(79);
              assertThat(d.fields()).isEmpty();
            });
    assertThat(draft.evidence().findings())
        .containsExactly("ownership mismatch POD_DIFFERS since " + AT.minusSeconds(60));
    assertThat(draft.evidence().notes())
        .containsExactly(
            "XID 79 GPU_FELL_OFF_BUS: catalog action RESTART_BM, origin DEVICE (GPU has fallen off"
                + " the bus)",
            "node Ready");
    assertThat(draft.suggestedActions())
        .containsExactly(ActionType.CORDON_NODE, ActionType.PAUSE_NEW_BATCHES);
  }

  @Test
  void aHealthFailWithoutAnXidIsTriggeredByTheHealthWatch() {
    GpuTrouble trouble =
        new GpuTrouble(
            IncidentClass.DEVICE_FAULT, "c1", "n1", GPU, null, null, null, null, null, null, AT);

    IncidentDraft draft = DeviceIncidents.draft(trouble, new NodeHealth(false, false, true, null));

    assertThat(draft.summary()).isEqualTo("DEVICE_FAULT: health FAIL on n1/" + GPU);
    assertThat(draft.trigger().signal()).isEqualTo(Signal.HEALTH);
    assertThat(draft.evidence().findings()).isEmpty();
    assertThat(draft.evidence().notes()).isEmpty();
  }
}
