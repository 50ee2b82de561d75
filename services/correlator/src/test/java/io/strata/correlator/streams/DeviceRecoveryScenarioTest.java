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
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Recovery of device-level incidents: measured on the requests of the workloads they affect, and on
 * device signals alone only when no workload has traffic; a cordoned node mitigates, never
 * resolves. Scenario settings: 3 clean samples, 3 in-band windows, quiet period 2 min.
 */
class DeviceRecoveryScenarioTest {

  private static final Duration EVERY = Duration.ofMillis(250);
  private static final Scenario.Server A =
      new Scenario.Server("model-a", "model-a-0", "node-1", "GPU-a1", "v1");
  private static final String FAULT_A =
      IncidentIds.of(IncidentClass.DEVICE_FAULT, CLUSTER, "node-1/GPU-a1", 1);
  private static final String FAULT_IDLE =
      IncidentIds.of(IncidentClass.DEVICE_FAULT, CLUSTER, "node-2/GPU-i0", 1);

  private static List<Incident> of(Scenario s, String id) {
    return s.incidents().stream().filter(i -> i.incidentId().equals(id)).toList();
  }

  @Test
  void aDeviceFaultWithTrafficResolvesOnlyOnceTheWorkloadIsBackInBand() {
    try (Scenario s = new Scenario()) {
      s.pod(pod("model-a-0", "model-a", "node-1", "v1", PodPhase.RUNNING, "GPU-a1"), at(0));
      s.sample(sample("node-1", "GPU-a1", "model-a-0", HealthStatus.PASS, normalFields(80)), at(0));
      s.traffic(at(0), at(60), EVERY, t -> A, t -> healthy());

      s.xid("node-1", "GPU-a1", 48, XidAction.RESET_GPU, XidOrigin.DEVICE, at(60));
      // The GPU is clean again from 65 s, but requests stay slow until 90 s.
      for (long t = 65; t <= 85; t += 5) {
        s.sample(
            sample("node-1", "GPU-a1", "model-a-0", HealthStatus.PASS, normalFields(80)), at(t));
      }
      s.traffic(at(60), at(90), EVERY, t -> A, t -> stages(20, 0, 10, 700, 5));
      assertThat(of(s, FAULT_A))
          .extracting(Incident::state)
          .containsExactly(IncidentState.OPEN, IncidentState.MITIGATING);

      s.traffic(at(90), at(116), EVERY, t -> A, t -> healthy());

      List<Incident> fault = of(s, FAULT_A);
      assertThat(fault)
          .extracting(Incident::state)
          .containsExactly(IncidentState.OPEN, IncidentState.MITIGATING, IncidentState.RESOLVED);
      Incident resolved = fault.get(2);
      // In band: windows [90,100), [95,105), [100,110); the third resolves it.
      assertThat(resolved.resolvedAt()).isEqualTo(at(110));
      assertThat(resolved.timeToRecoverMillis()).isEqualTo(50_000L);
      assertThat(resolved.evidence().notes())
          .contains(
              "resolved: 3 clean device samples in a row; c1/ml/model-a back within its baseline"
                  + " band for 3 windows");
    }
  }

  @Test
  void aDeviceFaultWithoutTrafficIsMitigatedByACordonAndResolvedByCleanSamplesFromAReadyNode() {
    try (Scenario s = new Scenario()) {
      s.node("node-2", false, true, at(0));
      s.pod(pod("idle-0", "idle", "node-2", "v1", PodPhase.RUNNING, "GPU-i0"), at(0));
      s.sample(sample("node-2", "GPU-i0", "idle-0", HealthStatus.PASS, normalFields(0)), at(1));

      s.xid("node-2", "GPU-i0", 79, XidAction.RESTART_BM, XidOrigin.DEVICE, at(10));
      s.node("node-2", true, true, at(20));
      assertThat(of(s, FAULT_IDLE))
          .extracting(Incident::state)
          .containsExactly(IncidentState.OPEN, IncidentState.MITIGATING);
      Incident mitigating = of(s, FAULT_IDLE).get(1);
      assertThat(mitigating.updatedAt()).isEqualTo(at(20));
      assertThat(mitigating.evidence().notes())
          .anyMatch(n -> n.startsWith("node node-2 cordoned (spec.unschedulable)"));

      // The node goes NotReady (rebooting): its samples do not count.
      s.node("node-2", true, false, at(25));
      s.sample(sample("node-2", "GPU-i0", "idle-0", HealthStatus.PASS, normalFields(0)), at(30));
      s.sample(sample("node-2", "GPU-i0", "idle-0", HealthStatus.PASS, normalFields(0)), at(35));
      s.node("node-2", true, true, at(38));
      s.sample(sample("node-2", "GPU-i0", "idle-0", HealthStatus.PASS, normalFields(0)), at(40));
      s.sample(sample("node-2", "GPU-i0", "idle-0", HealthStatus.PASS, normalFields(0)), at(45));
      assertThat(of(s, FAULT_IDLE)).hasSize(2);

      s.sample(sample("node-2", "GPU-i0", "idle-0", HealthStatus.PASS, normalFields(0)), at(50));
      List<Incident> fault = of(s, FAULT_IDLE);
      assertThat(fault)
          .extracting(Incident::state)
          .containsExactly(IncidentState.OPEN, IncidentState.MITIGATING, IncidentState.RESOLVED);
      assertThat(fault.get(2).resolvedAt()).isEqualTo(at(50));
      assertThat(fault.get(2).timeToRecoverMillis()).isEqualTo(40_000L);
      assertThat(fault.get(2).evidence().notes())
          .contains(
              "resolved: 3 clean device samples in a row; c1/ml/idle had no measurable traffic,"
                  + " recovery not measured");
    }
  }

  @Test
  void aWorkloadWhoseTrafficStopsAfterTheFaultIsNoLongerWaitedForAfterTheQuietPeriod() {
    try (Scenario s = new Scenario()) {
      s.pod(pod("model-a-0", "model-a", "node-1", "v1", PodPhase.RUNNING, "GPU-a1"), at(0));
      s.sample(sample("node-1", "GPU-a1", "model-a-0", HealthStatus.PASS, normalFields(80)), at(0));
      s.traffic(at(0), at(60), EVERY, t -> A, t -> healthy());

      s.xid("node-1", "GPU-a1", 48, XidAction.RESET_GPU, XidOrigin.DEVICE, at(60));
      // No requests after the fault (the workload was paused); the GPU is clean from 65 s and the
      // exporter keeps scraping it, which moves the workload side's stream time on.
      for (long t = 65; t <= 75; t += 5) {
        s.sample(
            sample("node-1", "GPU-a1", "model-a-0", HealthStatus.PASS, normalFields(0)), at(t));
      }
      for (long t = 90; t <= 165; t += 15) {
        s.sample(
            sample("node-1", "GPU-a1", "model-a-0", HealthStatus.PASS, normalFields(0)), at(t));
      }
      assertThat(of(s, FAULT_A))
          .extracting(Incident::state)
          .containsExactly(IncidentState.OPEN, IncidentState.MITIGATING);

      // Watched since 60 s: quiet for 2 minutes at 180 s.
      s.sample(
          sample("node-1", "GPU-a1", "model-a-0", HealthStatus.PASS, normalFields(0)), at(180));
      List<Incident> fault = of(s, FAULT_A);
      assertThat(fault)
          .extracting(Incident::state)
          .containsExactly(IncidentState.OPEN, IncidentState.MITIGATING, IncidentState.RESOLVED);
      assertThat(fault.get(2).resolvedAt()).isEqualTo(at(180));
      assertThat(fault.get(2).evidence().notes())
          .contains(
              "resolved: 3 clean device samples in a row; c1/ml/model-a had no measurable"
                  + " traffic, recovery not measured");
    }
  }

  @Test
  void aCordonedNodeNeverResolvesAFaultThatKeepsFailing() {
    try (Scenario s = new Scenario()) {
      s.node("node-2", true, true, at(0));
      s.pod(pod("idle-0", "idle", "node-2", "v1", PodPhase.RUNNING, "GPU-i0"), at(0));
      for (long t = 1; t <= 60; t += 5) {
        s.sample(sample("node-2", "GPU-i0", "idle-0", HealthStatus.FAIL, normalFields(0)), at(t));
      }
      List<Incident> fault = of(s, FAULT_IDLE);
      assertThat(fault).isNotEmpty();
      assertThat(fault).extracting(Incident::state).doesNotContain(IncidentState.RESOLVED);
      assertThat(fault.get(0).evidence().notes())
          .contains("node node-2 cordoned (spec.unschedulable)");
    }
  }
}
