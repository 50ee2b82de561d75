package io.strata.correlator.streams;

import static io.strata.correlator.streams.Scenario.CLUSTER;
import static io.strata.correlator.streams.Scenario.at;
import static io.strata.correlator.streams.Scenario.normalFields;
import static io.strata.correlator.streams.Scenario.pod;
import static io.strata.correlator.streams.Scenario.sample;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.core.incident.IncidentIds;
import io.strata.events.device.HealthStatus;
import io.strata.events.device.XidAction;
import io.strata.events.device.XidOrigin;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import io.strata.events.k8s.PodPhase;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A GPU that fails again within the reopen cooldown (5 min in the scenario settings) reopens the
 * same incident as its next episode: the remediator derives its action ids from the episode, so the
 * relapse gets a cordon of its own (docs/E2E.md, fault-suite finding 1).
 */
class DeviceRelapseEpisodeScenarioTest {

  private static final String FAULT =
      IncidentIds.of(IncidentClass.DEVICE_FAULT, CLUSTER, "node-2/GPU-i0", 1);

  @Test
  void aRelapseAfterResolutionIsTheSameIncidentsSecondEpisode() {
    try (Scenario s = new Scenario()) {
      s.node("node-2", false, true, at(0));
      s.pod(pod("idle-0", "idle", "node-2", "v1", PodPhase.RUNNING, "GPU-i0"), at(0));
      s.sample(cleanSample(), at(1));

      s.xid("node-2", "GPU-i0", 79, XidAction.RESTART_BM, XidOrigin.DEVICE, at(10));
      s.node("node-2", true, true, at(20));
      for (long t = 30; t <= 40; t += 5) {
        s.sample(cleanSample(), at(t));
      }
      s.node("node-2", false, true, at(50));
      // The same GPU again, 20 s after the resolution: within the cooldown.
      s.xid("node-2", "GPU-i0", 79, XidAction.RESTART_BM, XidOrigin.DEVICE, at(60));
      s.node("node-2", true, true, at(70));
      for (long t = 80; t <= 90; t += 5) {
        s.sample(cleanSample(), at(t));
      }

      List<Incident> fault =
          s.incidents().stream().filter(i -> i.incidentId().equals(FAULT)).toList();
      assertThat(fault)
          .extracting(Incident::state)
          .containsExactly(
              IncidentState.OPEN,
              IncidentState.MITIGATING,
              IncidentState.RESOLVED,
              IncidentState.OPEN,
              IncidentState.MITIGATING,
              IncidentState.RESOLVED);
      assertThat(fault).extracting(Incident::episode).containsExactly(1, 1, 1, 2, 2, 2);
      assertThat(fault).extracting(Incident::openedAt).containsOnly(at(10));
      assertThat(fault)
          .extracting(Incident::reopenedAt)
          .containsExactly(null, null, null, at(60), at(60), at(60));
      assertThat(fault.get(2).timeToRecoverMillis()).isEqualTo(30_000L);
      // The second episode's recovery counts from its reopening, not from the first opening.
      assertThat(fault.get(5).resolvedAt()).isEqualTo(at(90));
      assertThat(fault.get(5).timeToRecoverMillis()).isEqualTo(30_000L);
    }
  }

  private static io.strata.events.device.DeviceSample cleanSample() {
    return sample("node-2", "GPU-i0", "idle-0", HealthStatus.PASS, normalFields(0));
  }
}
