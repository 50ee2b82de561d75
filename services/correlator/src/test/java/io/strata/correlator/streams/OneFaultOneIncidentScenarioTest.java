package io.strata.correlator.streams;

import static io.strata.correlator.streams.Scenario.CLUSTER;
import static io.strata.correlator.streams.Scenario.at;
import static io.strata.correlator.streams.Scenario.healthy;
import static io.strata.correlator.streams.Scenario.normalFields;
import static io.strata.correlator.streams.Scenario.pod;
import static io.strata.correlator.streams.Scenario.sample;
import static io.strata.correlator.streams.Scenario.stages;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.core.incident.IncidentIds;
import io.strata.events.device.HealthStatus;
import io.strata.events.device.XidAction;
import io.strata.events.device.XidOrigin;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import io.strata.events.k8s.PodPhase;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One fault, one incident: the device and request views of the same fault join one incident, and
 * its states mean what they say (no MITIGATING while nothing contains the fault, no flapping, no
 * time travel). Each case failed before the incident identity followed the fault.
 */
class OneFaultOneIncidentScenarioTest {

  private static final Duration EVERY = Duration.ofMillis(250);
  private static final Scenario.Server A0 =
      new Scenario.Server("model-a", "model-a-0", "node-1", "GPU-a1", "v1");
  private static final Scenario.Server A1 =
      new Scenario.Server("model-a", "model-a-1", "node-2", "GPU-a2", "v1");
  private static final String FAULT =
      IncidentIds.of(IncidentClass.DEVICE_FAULT, CLUSTER, "node-1/GPU-a1", 1);

  private static void modelAOnOneGpu(Scenario s) {
    s.pod(pod("model-a-0", "model-a", "node-1", "v1", PodPhase.RUNNING, "GPU-a1"), at(0));
    s.sample(sample("node-1", "GPU-a1", "model-a-0", HealthStatus.PASS, normalFields(80)), at(0));
  }

  private static void failing(Scenario s, long from, long to) {
    for (long t = from; t <= to; t += 5) {
      s.sample(sample("node-1", "GPU-a1", "model-a-0", HealthStatus.FAIL, normalFields(0)), at(t));
    }
  }

  @Test
  void theRequestRegressionOfAFaultedGpuJoinsTheDeviceIncidentInsteadOfOpeningASecond() {
    try (Scenario s = new Scenario()) {
      modelAOnOneGpu(s);
      s.traffic(at(0), at(60), EVERY, t -> A0, t -> healthy());

      s.xid("node-1", "GPU-a1", 79, XidAction.RESTART_BM, XidOrigin.DEVICE, at(60));
      // The GPU keeps failing and the fault makes every request slow: the request view of the
      // same fault.
      for (long t = 60; t < 140; t += 5) {
        failing(s, t + 1, t + 1);
        s.traffic(at(t), at(t + 5), EVERY, t2 -> A0, t2 -> stages(20, 0, 10, 5000, 5));
      }

      List<Incident> incidents = s.incidents();
      assertThat(incidents).extracting(Incident::incidentId).containsOnly(FAULT);
      assertThat(s.registry.counter("strata.correlator.regressions.joined.device.incident").count())
          .isGreaterThanOrEqualTo(2.0);
      Incident latest = incidents.get(incidents.size() - 1);
      assertThat(latest.incidentClass()).isEqualTo(IncidentClass.DEVICE_FAULT);
      assertThat(latest.evidence().notes())
          .filteredOn(n -> n.startsWith("request regression of c1/ml/model-a: p95 "))
          .hasSize(1)
          .allMatch(n -> n.endsWith("GPU_EXECUTE rose most"));
      assertThat(latest.evidence().exemplarTraces())
          .allSatisfy(t -> assertThat(t.durationMillis()).isGreaterThan(5000.0));
      // Nothing contained the fault: it never claimed to be mitigating.
      assertThat(incidents).extracting(Incident::state).containsOnly(IncidentState.OPEN);
    }
  }

  @Test
  void healthyWindowsFromOtherPodsAreNotMitigationAndACordonHoldsMitigatingWithoutFlapping() {
    try (Scenario s = new Scenario()) {
      modelAOnOneGpu(s);
      s.pod(pod("model-a-1", "model-a", "node-2", "v1", PodPhase.RUNNING, "GPU-a2"), at(0));
      s.sample(sample("node-2", "GPU-a2", "model-a-1", HealthStatus.PASS, normalFields(80)), at(0));
      s.traffic(at(0), at(60), EVERY, t -> alternate(t), t -> healthy());

      s.xid("node-1", "GPU-a1", 79, XidAction.RESTART_BM, XidOrigin.DEVICE, at(60));
      // The healthy pod on node-2 keeps the workload's windows in band while GPU-a1 fails.
      for (long t = 61; t <= 100; t += 5) {
        s.sample(
            sample("node-1", "GPU-a1", "model-a-0", HealthStatus.FAIL, normalFields(0)), at(t));
        s.traffic(at(t), at(t + 5), EVERY, t2 -> A1, t2 -> healthy());
      }
      assertThat(s.incidents()).extracting(Incident::state).containsOnly(IncidentState.OPEN);

      // The cordon contains the fault; the GPU keeps failing, which is evidence, not a relapse.
      s.node("node-1", true, true, at(101));
      for (long t = 106; t <= 200; t += 5) {
        s.sample(
            sample("node-1", "GPU-a1", "model-a-0", HealthStatus.FAIL, normalFields(0)), at(t));
        s.traffic(at(t), at(t + 5), EVERY, t2 -> A1, t2 -> healthy());
      }
      List<Incident> fault =
          s.incidents().stream().filter(i -> i.incidentId().equals(FAULT)).toList();
      assertThat(fault)
          .extracting(Incident::state)
          .containsExactly(IncidentState.OPEN, IncidentState.MITIGATING, IncidentState.MITIGATING);
      assertThat(fault.get(1).updatedAt()).isEqualTo(at(101));
      assertThat(s.incidents()).extracting(Incident::incidentId).containsOnly(FAULT);
      Instant previous = Instant.MIN;
      for (Incident revision : fault) {
        assertThat(revision.updatedAt()).isAfterOrEqualTo(previous);
        previous = revision.updatedAt();
      }
    }
  }

  private static Scenario.Server alternate(Instant t) {
    return (t.toEpochMilli() / 250) % 2 == 0 ? A0 : A1;
  }
}
