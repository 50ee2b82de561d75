package io.strata.correlator.core.incident;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.core.request.Transition;
import io.strata.correlator.core.state.NodeHealth;
import io.strata.events.Correlation;
import io.strata.events.alert.AlertStatus;
import io.strata.events.incident.AlertEvidence;
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
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A device incident an alert opened: it lives and resolves by that alert, until device trouble. */
class DeviceRecoveryAlertsTest {

  private static final Instant T = Instant.parse("2026-11-30T10:00:00Z");
  private static final CorrelatorSettings.Lifecycle LIFECYCLE =
      new CorrelatorSettings.Lifecycle(
          2,
          2,
          Duration.ofMinutes(1),
          Duration.ofMinutes(10),
          2,
          Duration.ofMinutes(15),
          Duration.ofHours(24));
  private static final AlertOpening FATAL =
      new AlertOpening("nvsentinel-fatal", IncidentClass.DEVICE_FAULT, Severity.CRITICAL);
  private static final NodeHealth SERVING = new NodeHealth(true, false, true, List.of());

  private static Instant at(long seconds) {
    return T.plusSeconds(seconds);
  }

  private static AlertNotice alert(String fingerprint, AlertStatus status, Instant endsAt) {
    return new AlertNotice(
        new AlertEvidence(
            fingerprint, "NVSentinelFatal", status, "critical", "fatal", at(0), endsAt, null),
        Correlation.builder().cluster("c1").node("n1").build(),
        null,
        FATAL);
  }

  private static IncidentDraft xid() {
    return new IncidentDraft(
        IncidentClass.DEVICE_FAULT,
        Severity.CRITICAL,
        "DEVICE_FAULT: XID 79 on n1/GPU-1",
        Correlation.empty(),
        new Scope("c1", List.of("n1"), List.of("GPU-1"), null, null, true, false, false),
        "n1/GPU-1",
        new Trigger(Signal.XID, 79, null, "xid", at(30), at(30)),
        Stage.UNSPECIFIED,
        Evidence.none(),
        List.of(ActionType.CORDON_NODE));
  }

  private static Transition<DeviceRecovery, Incident> opened() {
    return DeviceRecovery.empty()
        .onAlertOpening(alert("fp-1", AlertStatus.FIRING, null), at(2), LIFECYCLE);
  }

  @Test
  void aMappedAlertOpensTheIncidentOfItsNode() {
    Transition<DeviceRecovery, Incident> opened = opened();

    assertThat(opened.next().openedBy()).isEqualTo("fp-1");
    Incident incident = opened.emits().get(0);
    assertThat(incident.incidentId())
        .isEqualTo(IncidentIds.of(IncidentClass.DEVICE_FAULT, "c1", "n1", 1));
    assertThat(incident.state()).isEqualTo(IncidentState.OPEN);
    assertThat(incident.severity()).isEqualTo(Severity.CRITICAL);
    assertThat(incident.summary()).isEqualTo("DEVICE_FAULT: alert NVSentinelFatal on n1");
    assertThat(incident.trigger())
        .isEqualTo(new Trigger(Signal.ALERT, 1.0, null, "alert", at(0), at(2)));
    assertThat(incident.scope())
        .isEqualTo(
            new Scope("c1", List.of("n1"), List.of(), List.of(), List.of(), true, false, false));
    assertThat(incident.suggestedActions())
        .containsExactly(ActionType.CORDON_NODE, ActionType.PAUSE_NEW_BATCHES);
    assertThat(incident.evidence().alerts())
        .extracting(AlertEvidence::fingerprint)
        .containsExactly("fp-1");
  }

  @Test
  void itsResolutionResolvesTheIncidentAnotherAlertsDoesNotAndCleanSamplesAreNotHeard() {
    DeviceRecovery open = opened().next();

    Transition<DeviceRecovery, Incident> other =
        open.onAlert(alert("fp-2", AlertStatus.RESOLVED, at(9)), at(10), 10);
    assertThat(other.emits()).extracting(Incident::state).containsExactly(IncidentState.OPEN);
    assertThat(other.next().active()).isTrue();

    Transition<DeviceRecovery, Incident> clean = other.next().onClean(at(11), LIFECYCLE);
    assertThat(clean.emits()).isEmpty();
    assertThat(clean.next()).isEqualTo(other.next());

    Transition<DeviceRecovery, Incident> resolved =
        clean.next().onAlert(alert("fp-1", AlertStatus.RESOLVED, at(61)), at(62), 10);
    assertThat(resolved.emits()).hasSize(1);
    Incident last = resolved.emits().get(0);
    assertThat(last.state()).isEqualTo(IncidentState.RESOLVED);
    assertThat(last.revision()).isEqualTo(3);
    assertThat(last.resolvedAt()).isEqualTo(at(62));
    assertThat(last.timeToRecoverMillis()).isEqualTo(60_000L);
    assertThat(last.evidence().alerts())
        .extracting(AlertEvidence::fingerprint, AlertEvidence::status)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("fp-2", AlertStatus.RESOLVED),
            org.assertj.core.groups.Tuple.tuple("fp-1", AlertStatus.RESOLVED));
    assertThat(last.evidence().notes())
        .endsWith(
            "resolved: Alertmanager resolved NVSentinelFatal, the alert that opened the incident");
  }

  @Test
  void deviceTroubleTakesTheIncidentOverAndTheAlertsResolutionIsThenOnlyEvidence() {
    DeviceRecovery troubled =
        opened().next().onTrouble(xid(), null, SERVING, at(30), LIFECYCLE).next();
    assertThat(troubled.openedBy()).isNull();
    assertThat(troubled.tracker().current().evidence().alerts())
        .extracting(AlertEvidence::fingerprint)
        .containsExactly("fp-1");

    Transition<DeviceRecovery, Incident> resolvedAlert =
        troubled.onAlert(alert("fp-1", AlertStatus.RESOLVED, at(40)), at(41), 10);
    assertThat(resolvedAlert.next().active()).isTrue();
    assertThat(resolvedAlert.emits())
        .extracting(Incident::state)
        .containsExactly(IncidentState.OPEN);
  }

  @Test
  void aNodeWideIncidentHandedToAGpuKeepsItsIdAndEachTrackerItsOwnCount() {
    DeviceRecovery nodeWide = opened().next();
    DeviceRecovery gpuBefore =
        new DeviceRecovery(IncidentTracker.empty().withOccurrence(3), 0, null, false, null);

    DeviceRecovery gpu = nodeWide.handedTo(gpuBefore);
    DeviceRecovery left = nodeWide.handedOver();

    assertThat(gpu.tracker().current()).isEqualTo(nodeWide.tracker().current());
    assertThat(gpu.tracker().occurrence()).isEqualTo(3);
    assertThat(gpu.openedBy()).isEqualTo("fp-1");
    assertThat(left.active()).isFalse();
    assertThat(left.tracker().occurrence()).isEqualTo(1);
    Incident next =
        left.onAlertOpening(alert("fp-3", AlertStatus.FIRING, null), at(900), LIFECYCLE)
            .emits()
            .get(0);
    assertThat(next.incidentId())
        .isEqualTo(IncidentIds.of(IncidentClass.DEVICE_FAULT, "c1", "n1", 2));
  }
}
