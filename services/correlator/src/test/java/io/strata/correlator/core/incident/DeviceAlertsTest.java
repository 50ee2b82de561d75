package io.strata.correlator.core.incident;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.core.state.NodeHealth;
import io.strata.correlator.core.state.TrackerKeys;
import io.strata.events.Correlation;
import io.strata.events.alert.AlertStatus;
import io.strata.events.incident.AlertEvidence;
import io.strata.events.incident.Evidence;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.Scope;
import io.strata.events.incident.Severity;
import io.strata.events.incident.Signal;
import io.strata.events.incident.Trigger;
import io.strata.events.trace.Stage;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Which of its node's device incidents an alert joins, and when it opens one. */
class DeviceAlertsTest {

  private static final Instant T = Instant.parse("2026-11-30T10:00:00Z");
  private static final String NODE = "c1/n1";
  private static final String A1 = "c1/n1/GPU-1|DEVICE_FAULT";
  private static final String A2 = "c1/n1/GPU-2|APP_ERROR";
  private static final String WIDE = "c1/n1/*|DEVICE_FAULT";
  private static final AlertOpening FATAL =
      new AlertOpening("nvsentinel-fatal", IncidentClass.DEVICE_FAULT, Severity.CRITICAL);
  private static final CorrelatorSettings.Lifecycle LIFECYCLE =
      CorrelatorSettings.defaults().lifecycle();

  private static AlertNotice alert(String gpu, AlertStatus status, AlertOpening opening) {
    return new AlertNotice(
        new AlertEvidence("fp", "A", status, null, null, T, null, null),
        Correlation.builder().cluster("c1").node("n1").build(),
        gpu,
        opening);
  }

  private static DeviceRecovery open(String gpu) {
    IncidentDraft draft =
        new IncidentDraft(
            IncidentClass.DEVICE_FAULT,
            Severity.CRITICAL,
            "fault",
            Correlation.empty(),
            new Scope("c1", List.of("n1"), List.of(gpu), null, null, true, false, false),
            "n1/" + gpu,
            new Trigger(Signal.XID, 79, null, "xid", T, T),
            Stage.UNSPECIFIED,
            Evidence.none(),
            List.of());
    return DeviceRecovery.empty()
        .onTrouble(draft, null, new NodeHealth(true, false, true, List.of()), T, LIFECYCLE)
        .next();
  }

  private static Map<String, DeviceRecovery> trackers(Map<String, DeviceRecovery> entries) {
    return new TreeMap<>(entries);
  }

  @Test
  void trackerKeysNameTheGpuOrTheWholeNode() {
    assertThat(TrackerKeys.nodeWide(NODE, IncidentClass.DEVICE_FAULT)).isEqualTo(WIDE);
    assertThat(TrackerKeys.gpuOf(A1)).isEqualTo("GPU-1");
    assertThat(TrackerKeys.isNodeWide(WIDE)).isTrue();
    assertThat(TrackerKeys.isNodeWide(A1)).isFalse();
    assertThat(TrackerKeys.nodeKeyOf(WIDE)).isEqualTo(NODE);
    assertThat(TrackerKeys.classOf(A2)).isEqualTo(IncidentClass.APP_ERROR);
  }

  @Test
  void anAlertNamingNoGpuJoinsEveryOpenIncidentOfItsNodeAndOpensNone() {
    Map<String, DeviceRecovery> open =
        trackers(
            Map.of(
                A1,
                open("GPU-1"),
                A2,
                open("GPU-2"),
                "c1/n1/GPU-3|DEVICE_FAULT",
                DeviceRecovery.empty()));

    assertThat(DeviceAlerts.of(NODE, open, alert(null, AlertStatus.FIRING, FATAL)))
        .isEqualTo(new DeviceAlerts.Targets(List.of(A1, A2), null));
  }

  @Test
  void anAlertNamingAGpuJoinsThatGpusIncidentsAndTheNodesOwnOnly() {
    Map<String, DeviceRecovery> open =
        trackers(Map.of(A1, open("GPU-1"), A2, open("GPU-2"), WIDE, open("*")));

    assertThat(DeviceAlerts.of(NODE, open, alert("GPU-2", AlertStatus.FIRING, null)))
        .isEqualTo(new DeviceAlerts.Targets(List.of(WIDE, A2), null));
  }

  @Test
  void aMappedFiringAlertNoOpenIncidentTakesOpensOnItsGpuOrElseTheWholeNode() {
    Map<String, DeviceRecovery> other = trackers(Map.of(A1, open("GPU-1")));

    assertThat(DeviceAlerts.of(NODE, other, alert("GPU-9", AlertStatus.FIRING, FATAL)))
        .isEqualTo(new DeviceAlerts.Targets(List.of(), "c1/n1/GPU-9|DEVICE_FAULT"));
    assertThat(DeviceAlerts.of(NODE, Map.of(), alert(null, AlertStatus.FIRING, FATAL)))
        .isEqualTo(new DeviceAlerts.Targets(List.of(), WIDE));
  }

  @Test
  void anUnmappedOrResolvedAlertWithoutAnOpenIncidentIsContext() {
    assertThat(DeviceAlerts.of(NODE, Map.of(), alert(null, AlertStatus.FIRING, null)))
        .isEqualTo(new DeviceAlerts.Targets(List.of(), null));
    assertThat(DeviceAlerts.of(NODE, Map.of(), alert(null, AlertStatus.RESOLVED, FATAL)))
        .isEqualTo(new DeviceAlerts.Targets(List.of(), null));
  }
}
