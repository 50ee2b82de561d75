package io.strata.correlator.core.incident;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.core.request.Transition;
import io.strata.correlator.core.state.NodeHealth;
import io.strata.events.Correlation;
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
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The device-incident recovery rule, without Kafka: 2 clean samples, 2 in-band windows. */
class DeviceRecoveryTest {

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
  private static final String W = "c1/ml/chat";
  private static final NodeHealth SERVING = new NodeHealth(true, false, true, List.of());
  private static final NodeHealth CORDONED =
      new NodeHealth(true, true, true, List.of("node n1 cordoned (spec.unschedulable)"));

  private static IncidentDraft draft() {
    return new IncidentDraft(
        IncidentClass.DEVICE_FAULT,
        Severity.CRITICAL,
        "fault",
        Correlation.empty(),
        new Scope(
            "c1", List.of("n1"), List.of("GPU-1"), List.of("ml/chat"), null, true, true, false),
        "n1/GPU-1",
        new Trigger(Signal.XID, 79, null, "xid", T, T),
        Stage.UNSPECIFIED,
        Evidence.none(),
        List.of(ActionType.CORDON_NODE));
  }

  private static Instant at(long seconds) {
    return T.plusSeconds(seconds);
  }

  private static DeviceRecovery opened(String workload) {
    return DeviceRecovery.empty().onTrouble(draft(), workload, SERVING, at(0), LIFECYCLE).next();
  }

  private static Optional<IncidentState> state(Transition<DeviceRecovery, Incident> step) {
    return step.emits().stream().map(Incident::state).findFirst();
  }

  @Test
  void cleanSamplesAloneDoNotResolveWhileAnAffectedWorkloadHasNotRecovered() {
    Transition<DeviceRecovery, Incident> first = opened(W).onClean(at(10), LIFECYCLE);
    assertThat(state(first)).contains(IncidentState.MITIGATING);
    Transition<DeviceRecovery, Incident> second = first.next().onClean(at(20), LIFECYCLE);
    assertThat(second.emits()).isEmpty();
    assertThat(second.next().active()).isTrue();

    Transition<DeviceRecovery, Incident> inBand =
        second.next().onVerdict(W, WindowVerdict.Kind.IN_BAND, at(30), LIFECYCLE);
    Transition<DeviceRecovery, Incident> regressed =
        inBand.next().onVerdict(W, WindowVerdict.Kind.REGRESSED, at(40), LIFECYCLE);
    Transition<DeviceRecovery, Incident> again =
        regressed.next().onVerdict(W, WindowVerdict.Kind.IN_BAND, at(50), LIFECYCLE);
    assertThat(again.next().active()).as("a regression restarts the count").isTrue();
    Transition<DeviceRecovery, Incident> resolved =
        again.next().onVerdict(W, WindowVerdict.Kind.IN_BAND, at(60), LIFECYCLE);
    assertThat(state(resolved)).contains(IncidentState.RESOLVED);
    assertThat(resolved.emits().get(0).timeToRecoverMillis()).isEqualTo(60_000L);
  }

  @Test
  void recoveredRequestsDoNotResolveWhileTheDeviceIsNotClean() {
    Transition<DeviceRecovery, Incident> step =
        opened(W).onVerdict(W, WindowVerdict.Kind.IN_BAND, at(10), LIFECYCLE);
    step = step.next().onVerdict(W, WindowVerdict.Kind.IN_BAND, at(20), LIFECYCLE);
    step = step.next().onVerdict(W, WindowVerdict.Kind.IN_BAND, at(30), LIFECYCLE);
    assertThat(step.next().active()).isTrue();
    step = step.next().onClean(at(40), LIFECYCLE).next().onClean(at(50), LIFECYCLE);
    assertThat(state(step)).contains(IncidentState.RESOLVED);
  }

  @Test
  void aQuietWorkloadIsNotWaitedFor() {
    Transition<DeviceRecovery, Incident> step = opened(W).onQuiet(W, at(5), LIFECYCLE);
    step = step.next().onClean(at(10), LIFECYCLE).next().onClean(at(20), LIFECYCLE);
    assertThat(state(step)).contains(IncidentState.RESOLVED);
    assertThat(step.emits().get(0).evidence().notes())
        .contains(
            "resolved: 2 clean device samples in a row; c1/ml/chat had no measurable traffic,"
                + " recovery not measured");
  }

  @Test
  void aCordonMitigatesOnceAndNeverResolves() {
    Transition<DeviceRecovery, Incident> cordoned = opened(null).onNode(CORDONED, at(5), LIFECYCLE);
    assertThat(state(cordoned)).contains(IncidentState.MITIGATING);
    assertThat(cordoned.next().active()).isTrue();
    assertThat(cordoned.next().onNode(CORDONED, at(6), LIFECYCLE).emits()).isEmpty();
  }

  @Test
  void newTroubleStartsRecoveryOver() {
    Transition<DeviceRecovery, Incident> step = opened(null).onClean(at(10), LIFECYCLE);
    step = step.next().onTrouble(draft(), null, SERVING, at(15), LIFECYCLE);
    step = step.next().onClean(at(20), LIFECYCLE);
    assertThat(step.next().active()).isTrue();
    step = step.next().onClean(at(30), LIFECYCLE);
    assertThat(state(step)).contains(IncidentState.RESOLVED);
    assertThat(step.emits().get(0).timeToRecoverMillis()).isEqualTo(30_000L);
  }

  @Test
  void verdictsOfWorkloadsItDoesNotAffectAreIgnored() {
    DeviceRecovery recovery = opened(W);
    assertThat(
            recovery.onVerdict("c1/ml/other", WindowVerdict.Kind.IN_BAND, at(5), LIFECYCLE).next())
        .isEqualTo(recovery);
  }
}
