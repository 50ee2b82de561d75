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
import io.strata.events.k8s.PodPhase;
import io.strata.events.k8s.WorkloadEventReason;
import io.strata.events.remediation.ActionType;
import io.strata.events.trace.Stage;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A request-level incident's class needs a real signal, its scope comes from every request of the
 * window, one workload × version has one incident whose class is refined, and repeated Kubernetes
 * events are one line of evidence. Each case failed before.
 */
class RequestClassAndScopeScenarioTest {

  private static final Duration EVERY = Duration.ofMillis(250);
  private static final Scenario.Server C0 =
      new Scenario.Server("chat", "chat-0", "node-1", "GPU-c0", "v1");
  private static final Scenario.Server C1 =
      new Scenario.Server("chat", "chat-1", "node-2", "GPU-c1", "v1");

  private static void chatOnTwoNodes(Scenario s) {
    s.pod(pod("chat-0", "chat", "node-1", "v1", PodPhase.RUNNING, "GPU-c0"), at(0));
    s.pod(pod("chat-1", "chat", "node-2", "v1", PodPhase.RUNNING, "GPU-c1"), at(0));
    s.sample(sample("node-1", "GPU-c0", "chat-0", HealthStatus.PASS, normalFields(60)), at(0));
    s.sample(sample("node-2", "GPU-c1", "chat-1", HealthStatus.PASS, normalFields(60)), at(0));
  }

  private static Scenario.Server alternate(Instant t) {
    return (t.toEpochMilli() / 250) % 2 == 0 ? C0 : C1;
  }

  @Test
  void anErrorRateRegressionWithoutALatencyRiseIsOneAppErrorAndNeverANodeAction() {
    try (Scenario s = new Scenario()) {
      chatOnTwoNodes(s);
      s.traffic(at(0), at(60), EVERY, RequestClassAndScopeScenarioTest::alternate, t -> healthy());
      // A third of the requests fail; latency unchanged but for jitter that moves a different
      // stage up by 15 ms in every 10 s.
      int n = 0;
      for (Instant t = at(60); t.isBefore(at(150)); t = t.plus(EVERY)) {
        long phase = ((t.getEpochSecond() - 60) / 10) % 3;
        s.request(
            alternate(t),
            t,
            stages(phase == 0 ? 35 : 20, 0, phase == 1 ? 25 : 10, phase == 2 ? 115 : 100, 5),
            ++n % 3 == 0);
      }

      List<Incident> incidents = s.incidents();
      assertThat(incidents)
          .extracting(Incident::incidentId)
          .containsOnly(IncidentIds.of(IncidentClass.APP_ERROR, CLUSTER, "ml/chat/v1", 1));
      assertThat(incidents)
          .extracting(Incident::incidentClass)
          .containsOnly(IncidentClass.APP_ERROR);
      Incident opened = incidents.get(0);
      assertThat(opened.suggestedActions()).containsExactly(ActionType.NOTIFY_OWNER);
      assertThat(opened.longestStage()).isEqualTo(Stage.UNSPECIFIED);
      assertThat(opened.evidence().notes())
          .anyMatch(
              n2 -> n2.matches("error rate 3\\d\\.\\d% vs 0\\.0% with latency .*no node action"));
      // Failures regressed on both nodes alike: the scope is both.
      assertThat(opened.scope().nodes()).containsExactly("node-1", "node-2");
      assertThat(opened.scope().singleNode()).isFalse();
    }
  }

  @Test
  void aBacklogAcrossEveryPodIsScopedToEveryNodeEvenWhenTheSlowestExemplarsShareOne() {
    try (Scenario s = new Scenario()) {
      chatOnTwoNodes(s);
      s.traffic(at(0), at(60), EVERY, RequestClassAndScopeScenarioTest::alternate, t -> healthy());
      // Both pods back up; node-1's requests are a little slower, so the slowest exemplars are
      // all there.
      s.traffic(
          at(60),
          at(90),
          EVERY,
          RequestClassAndScopeScenarioTest::alternate,
          t -> alternate(t) == C0 ? stages(650, 0, 10, 100, 5) : stages(600, 0, 10, 100, 5));

      List<Incident> incidents = s.incidents();
      assertThat(incidents).isNotEmpty();
      Incident backlog = incidents.get(0);
      assertThat(backlog.incidentClass()).isEqualTo(IncidentClass.QUEUE_BACKLOG);
      assertThat(backlog.evidence().exemplarTraces())
          .allSatisfy(t -> assertThat(t.node()).isEqualTo("node-1"));
      assertThat(backlog.scope().nodes()).containsExactly("node-1", "node-2");
      assertThat(backlog.scope().gpuUuids()).containsExactly("GPU-c0", "GPU-c1");
      assertThat(backlog.scope().singleNode()).isFalse();
    }
  }

  @Test
  void allocationEvidenceThatArrivesLaterRefinesTheOpenIncidentAndRepeatedEventsAreOneLine() {
    try (Scenario s = new Scenario()) {
      chatOnTwoNodes(s);
      s.traffic(at(0), at(60), EVERY, RequestClassAndScopeScenarioTest::alternate, t -> healthy());
      s.traffic(
          at(60),
          at(90),
          EVERY,
          RequestClassAndScopeScenarioTest::alternate,
          t -> stages(600, 0, 10, 100, 5));
      String id = IncidentIds.of(IncidentClass.QUEUE_BACKLOG, CLUSTER, "ml/chat/v1", 1);
      assertThat(s.incidents()).extracting(Incident::incidentId).containsOnly(id);

      // The scheduler cannot place the replica that would absorb the backlog; the same Event is
      // republished (a resync) and its count goes up.
      s.pod(pod("chat-2", "chat", null, "v1", PodPhase.PENDING), at(89));
      String message = "0/4 nodes are available: 4 Insufficient nvidia.com/gpu.";
      s.event(WorkloadEventReason.FAILED_SCHEDULING, "chat-2", "chat", message, 1, at(90));
      s.event(WorkloadEventReason.FAILED_SCHEDULING, "chat-2", "chat", message, 1, at(91));
      s.event(WorkloadEventReason.FAILED_SCHEDULING, "chat-2", "chat", message, 3, at(95));
      s.traffic(
          at(90),
          at(120),
          EVERY,
          RequestClassAndScopeScenarioTest::alternate,
          t -> stages(600, 0, 10, 100, 5));

      List<Incident> incidents = s.incidents();
      assertThat(incidents).extracting(Incident::incidentId).containsOnly(id);
      Incident refined = incidents.get(incidents.size() - 1);
      assertThat(refined.incidentClass()).isEqualTo(IncidentClass.ALLOCATION_FAILURE);
      assertThat(refined.suggestedActions())
          .containsExactly(ActionType.PAUSE_NEW_BATCHES, ActionType.REPORT_CAPACITY);
      assertThat(refined.evidence().notes())
          .anyMatch(
              n ->
                  n.startsWith(
                      "class refined from QUEUE_BACKLOG to ALLOCATION_FAILURE after 2 regressed"
                          + " windows in a row pointed to it"));
      assertThat(refined.evidence().k8sEvents())
          .filteredOn(line -> line.startsWith("FailedScheduling"))
          .containsExactly("FailedScheduling x3 chat-2: " + message);
    }
  }
}
