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
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import io.strata.events.k8s.PodPhase;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A request-level incident whose traffic stops: stream time (moved on by the device samples of the
 * workload's GPU) reaches the quiet period (2 min in the scenario settings) after the last window
 * with enough requests to measure, and the incident resolves, saying that recovery was not
 * measured.
 */
class QuietTrafficScenarioTest {

  private static final Duration EVERY = Duration.ofMillis(250);
  private static final Scenario.Server C0 =
      new Scenario.Server("chat", "chat-0", "node-1", "GPU-c0", "v1");
  private static final String BACKLOG =
      IncidentIds.of(IncidentClass.QUEUE_BACKLOG, CLUSTER, "ml/chat/v1", 1);

  @Test
  void anIncidentWhoseTrafficStopsResolvesAfterTheQuietPeriodWithoutATimeToRecover() {
    try (Scenario s = new Scenario()) {
      s.pod(pod("chat-0", "chat", "node-1", "v1", PodPhase.RUNNING, "GPU-c0"), at(0));
      s.traffic(at(0), at(60), EVERY, t -> C0, t -> healthy());
      s.traffic(at(60), at(90), EVERY, t -> C0, t -> stages(600, 0, 10, 100, 5));
      // No requests after 90 s; the exporter keeps scraping the GPU every 15 s. Without spans the
      // trace side's stream time stops, so the last window to close is [75,85): quiet since 85 s.
      for (long t = 90; t <= 195; t += 15) {
        s.sample(sample("node-1", "GPU-c0", "chat-0", HealthStatus.PASS, normalFields(0)), at(t));
      }
      assertThat(s.incidents()).extracting(Incident::state).containsExactly(IncidentState.OPEN);

      s.sample(sample("node-1", "GPU-c0", "chat-0", HealthStatus.PASS, normalFields(0)), at(210));

      List<Incident> incidents = s.incidents();
      assertThat(incidents).extracting(Incident::incidentId).containsOnly(BACKLOG);
      assertThat(incidents)
          .extracting(Incident::state)
          .containsExactly(IncidentState.OPEN, IncidentState.RESOLVED);
      Incident resolved = incidents.get(1);
      assertThat(resolved.resolvedAt()).isEqualTo(at(210));
      assertThat(resolved.timeToRecoverMillis()).isNull();
      assertThat(resolved.evidence().notes())
          .contains(
              "resolved without traffic: no window with enough requests to measure since "
                  + at(85)
                  + " (quiet period PT2M); recovery was not measured");
      assertThat(s.registry.counter("strata.correlator.incidents.resolved.without.traffic").count())
          .isEqualTo(1.0);
    }
  }

  @Test
  void trafficThatComesBackRegressedReopensTheSameIncident() {
    try (Scenario s = new Scenario()) {
      s.pod(pod("chat-0", "chat", "node-1", "v1", PodPhase.RUNNING, "GPU-c0"), at(0));
      s.traffic(at(0), at(60), EVERY, t -> C0, t -> healthy());
      s.traffic(at(60), at(90), EVERY, t -> C0, t -> stages(600, 0, 10, 100, 5));
      for (long t = 90; t <= 240; t += 15) {
        s.sample(sample("node-1", "GPU-c0", "chat-0", HealthStatus.PASS, normalFields(0)), at(t));
      }
      s.traffic(at(240), at(270), EVERY, t -> C0, t -> stages(600, 0, 10, 100, 5));

      List<Incident> incidents = s.incidents();
      assertThat(incidents).extracting(Incident::incidentId).containsOnly(BACKLOG);
      assertThat(incidents)
          .extracting(Incident::state)
          .containsExactly(IncidentState.OPEN, IncidentState.RESOLVED, IncidentState.OPEN);
      assertThat(incidents.get(2).openedAt()).isEqualTo(incidents.get(0).openedAt());
      // [80,90), [85,95) and [90,100) closed only when spans came back at 240 s: too old to count.
      assertThat(s.registry.counter("strata.correlator.windows.stale").count()).isEqualTo(3.0);
    }
  }
}
