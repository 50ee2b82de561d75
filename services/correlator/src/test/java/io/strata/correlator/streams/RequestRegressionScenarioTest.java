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
import io.strata.events.device.DeviceField;
import io.strata.events.device.HealthStatus;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import io.strata.events.incident.Signal;
import io.strata.events.k8s.PodPhase;
import io.strata.events.k8s.WorkloadEventReason;
import io.strata.events.remediation.ActionType;
import io.strata.events.trace.Stage;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Request-level regressions: a workload's p95 against its baseline, classified by the stage that
 * dominates the regression. Timeline: healthy traffic 0-60 s (the baseline), the fault from 60 s, 4
 * requests a second; windows of 10 s advancing every 5 s.
 */
class RequestRegressionScenarioTest {

  private static final Duration EVERY = Duration.ofMillis(250);
  private static final Scenario.Server C0 =
      new Scenario.Server("chat", "chat-0", "node-1", "GPU-c0", "v1");

  private static void chatRunningOnNode1(Scenario s) {
    s.pod(pod("chat-0", "chat", "node-1", "v1", PodPhase.RUNNING, "GPU-c0"), at(0));
    s.sample(sample("node-1", "GPU-c0", "chat-0", HealthStatus.PASS, normalFields(60)), at(0));
  }

  @Test
  void queueBacklogWithFailedSchedulingIsAnAllocationFailure() {
    try (Scenario s = new Scenario()) {
      chatRunningOnNode1(s);
      s.traffic(at(0), at(60), EVERY, t -> C0, t -> healthy());
      s.pod(pod("chat-1", "chat", null, "v1", PodPhase.PENDING), at(58));
      s.event(
          WorkloadEventReason.FAILED_SCHEDULING,
          "chat-1",
          "chat",
          "0/4 nodes are available: 4 Insufficient nvidia.com/gpu.",
          at(59));
      s.traffic(at(60), at(90), EVERY, t -> C0, t -> stages(600, 0, 10, 100, 5));

      List<Incident> incidents = s.incidents();
      assertThat(incidents).isNotEmpty();
      Incident opened = incidents.get(0);
      assertThat(opened.incidentClass()).isEqualTo(IncidentClass.ALLOCATION_FAILURE);
      assertThat(opened.state()).isEqualTo(IncidentState.OPEN);
      assertThat(opened.longestStage()).isEqualTo(Stage.QUEUE_WAIT);
      assertThat(opened.suggestedActions())
          .containsExactly(ActionType.PAUSE_NEW_BATCHES, ActionType.REPORT_CAPACITY);
      assertThat(opened.incidentId())
          .isEqualTo(IncidentIds.of(IncidentClass.ALLOCATION_FAILURE, CLUSTER, "ml/chat/v1", 1));
      assertThat(opened.trigger().signal()).isEqualTo(Signal.REQUEST_P95);
      assertThat(opened.trigger().baseline()).isBetween(130.0, 145.0);
      assertThat(opened.trigger().value()).isGreaterThan(600.0);
      // Windows [55,65) and [60,70) are the two regressed windows in a row.
      assertThat(opened.trigger().windowStart()).isEqualTo(at(60));
      assertThat(opened.trigger().windowEnd()).isEqualTo(at(70));
      assertThat(opened.openedAt()).isEqualTo(at(70));
      assertThat(opened.evidence().k8sEvents())
          .contains(
              "FailedScheduling x1 chat-1: 0/4 nodes are available: 4 Insufficient nvidia.com/gpu.")
          .contains("pending c1/ml/chat-1 requests 1 GPU");
      assertThat(opened.evidence().exemplarTraces()).hasSize(3);
      assertThat(opened.evidence().exemplarTraces())
          .allSatisfy(t -> assertThat(t.longestStage()).isEqualTo(Stage.QUEUE_WAIT));
      assertThat(opened.scope().workloads()).containsExactly("ml/chat");
      assertThat(opened.scope().modelVersions()).containsExactly("v1");
      assertThat(opened.scope().singleVersion()).isTrue();
      assertThat(incidents)
          .extracting(Incident::incidentClass)
          .containsOnly(IncidentClass.ALLOCATION_FAILURE);
    }
  }

  @Test
  void queueBacklogWithoutAllocationEvidenceIsAQueueBacklog() {
    try (Scenario s = new Scenario()) {
      chatRunningOnNode1(s);
      s.traffic(at(0), at(60), EVERY, t -> C0, t -> healthy());
      s.traffic(at(60), at(90), EVERY, t -> C0, t -> stages(600, 0, 10, 100, 5));

      List<Incident> incidents = s.incidents();
      assertThat(incidents).isNotEmpty();
      assertThat(incidents)
          .extracting(Incident::incidentClass)
          .containsOnly(IncidentClass.QUEUE_BACKLOG);
      assertThat(incidents.get(0).suggestedActions())
          .containsExactly(
              ActionType.LOWER_CONCURRENCY, ActionType.PAUSE_NEW_BATCHES, ActionType.SCALE_OUT);
      assertThat(incidents.get(0).evidence().k8sEvents()).isEmpty();
    }
  }

  @Test
  void thermalSlowdownOnOneNodeIsDeviceDegradedScopedToThatNode() {
    Scenario.Server onNode1 = new Scenario.Server("llm", "llm-0", "node-1", "GPU-l1", "v3");
    Scenario.Server onNode2 = new Scenario.Server("llm", "llm-1", "node-2", "GPU-l2", "v3");
    try (Scenario s = new Scenario()) {
      s.pod(pod("llm-0", "llm", "node-1", "v3", PodPhase.RUNNING, "GPU-l1"), at(0));
      s.pod(pod("llm-1", "llm", "node-2", "v3", PodPhase.RUNNING, "GPU-l2"), at(0));
      s.sample(sample("node-1", "GPU-l1", "llm-0", HealthStatus.PASS, normalFields(70)), at(0));
      s.sample(sample("node-2", "GPU-l2", "llm-1", HealthStatus.PASS, normalFields(70)), at(0));
      // Requests alternate between the two pods.
      s.traffic(at(0), at(60), EVERY, t -> alternate(t, onNode1, onNode2), t -> healthy());

      Map<DeviceField, Double> hot = normalFields(99);
      hot.put(DeviceField.GPU_TEMP, 92.0);
      hot.put(DeviceField.THERMAL_VIOLATION, 4_000_000.0);
      hot.put(DeviceField.CLOCKS_EVENT_REASONS, 0x40 * 1.0);
      hot.put(DeviceField.SM_CLOCK, 1100.0);
      s.sample(sample("node-2", "GPU-l2", "llm-1", HealthStatus.PASS, hot), at(60));
      s.traffic(
          at(60),
          at(90),
          EVERY,
          t -> alternate(t, onNode1, onNode2),
          t -> alternate(t, onNode1, onNode2) == onNode2 ? stages(20, 0, 10, 700, 5) : healthy());

      List<Incident> incidents = s.incidents();
      assertThat(incidents).isNotEmpty();
      Incident degraded = incidents.get(0);
      assertThat(degraded.incidentClass()).isEqualTo(IncidentClass.DEVICE_DEGRADED);
      assertThat(degraded.longestStage()).isEqualTo(Stage.GPU_EXECUTE);
      assertThat(degraded.suggestedActions())
          .containsExactly(ActionType.LOWER_CONCURRENCY, ActionType.CORDON_NODE);
      assertThat(degraded.scope().nodes()).containsExactly("node-2");
      assertThat(degraded.scope().gpuUuids()).containsExactly("GPU-l2");
      assertThat(degraded.scope().singleNode()).isTrue();
      assertThat(degraded.evidence().devices()).hasSize(1);
      assertThat(degraded.evidence().devices().get(0).fields())
          .containsEntry("gpu_temp_celsius", 92.0)
          .containsEntry("clocks_event_reasons_bitmask", 64.0);
      assertThat(degraded.evidence().notes())
          .contains("node-2/GPU-l2: [HIGH_TEMPERATURE, THERMAL_VIOLATION, CLOCK_SLOWDOWN]");
      assertThat(degraded.evidence().exemplarTraces())
          .allSatisfy(t -> assertThat(t.node()).isEqualTo("node-2"));
      assertThat(incidents)
          .extracting(Incident::incidentClass)
          .containsOnly(IncidentClass.DEVICE_DEGRADED);
    }
  }

  @Test
  void modelLoadRegressionAfterAVersionChangeIsJudgedAgainstThePreviousVersion() {
    Scenario.Server v2 = new Scenario.Server("chat", "chat-0", "node-1", "GPU-c0", "v2");
    try (Scenario s = new Scenario()) {
      chatRunningOnNode1(s);
      s.traffic(at(0), at(60), EVERY, t -> C0, t -> healthy());
      s.event(WorkloadEventReason.PULLING, "chat-0", "chat", "Pulling image \"chat:v2\"", at(58));
      s.pod(pod("chat-0", "chat", "node-1", "v2", PodPhase.RUNNING, "GPU-c0"), at(59));
      s.traffic(at(60), at(90), EVERY, t -> v2, t -> stages(20, 900, 10, 100, 5));

      List<Incident> incidents = s.incidents();
      assertThat(incidents).isNotEmpty();
      Incident load = incidents.get(0);
      assertThat(load.incidentClass()).isEqualTo(IncidentClass.MODEL_LOAD);
      assertThat(load.longestStage()).isEqualTo(Stage.MODEL_LOAD);
      assertThat(load.suggestedActions()).containsExactly(ActionType.ROLLBACK_MODEL_VERSION);
      assertThat(load.scope().modelVersions()).containsExactly("v2");
      assertThat(load.correlation().modelVersion()).isEqualTo("v2");
      assertThat(load.trigger().baseline()).isBetween(130.0, 145.0);
      assertThat(load.evidence().notes())
          .contains("model_version v2 first seen at " + at(59) + " (previous v1)");
      assertThat(load.evidence().k8sEvents())
          .contains("Pulling x1 chat-0: Pulling image \"chat:v2\"");
      assertThat(load.incidentId())
          .isEqualTo(IncidentIds.of(IncidentClass.MODEL_LOAD, CLUSTER, "ml/chat/v2", 1));
    }
  }

  @Test
  void recoveryNeedsThreeInBandWindowsAndRecordsTheTimeToRecover() {
    try (Scenario s = new Scenario()) {
      chatRunningOnNode1(s);
      s.traffic(at(0), at(60), EVERY, t -> C0, t -> healthy());
      s.traffic(at(60), at(100), EVERY, t -> C0, t -> stages(600, 0, 10, 100, 5));
      s.traffic(at(100), at(140), EVERY, t -> C0, t -> healthy());

      List<Incident> incidents = s.incidents();
      assertThat(incidents)
          .extracting(Incident::incidentId)
          .containsOnly(IncidentIds.of(IncidentClass.QUEUE_BACKLOG, CLUSTER, "ml/chat/v1", 1));
      // Opened at 70 s; no re-publication while it stays open within the update interval; the
      // first in-band window [100,110) starts mitigation, the third [110,120) resolves it.
      assertThat(incidents)
          .extracting(Incident::state)
          .containsExactly(IncidentState.OPEN, IncidentState.MITIGATING, IncidentState.RESOLVED);
      Incident resolved = incidents.get(2);
      assertThat(resolved.updatedAt()).isEqualTo(at(120));
      assertThat(resolved.resolvedAt()).isEqualTo(at(120));
      assertThat(resolved.timeToRecoverMillis()).isEqualTo(50_000L);
      assertThat(resolved.revision()).isGreaterThan(incidents.get(1).revision());
      assertThat(incidents.get(1).updatedAt()).isEqualTo(at(110));
    }
  }

  @Test
  void idleGpusWithNoRequestsRaiseNothing() {
    try (Scenario s = new Scenario()) {
      s.pod(pod("batch-0", "batch", "node-3", "v1", PodPhase.RUNNING, "GPU-i0"), at(0));
      s.pod(pod("batch-1", "batch", "node-3", "v1", PodPhase.RUNNING, "GPU-i1"), at(0));
      for (long t = 0; t <= 180; t += 15) {
        s.sample(sample("node-3", "GPU-i0", "batch-0", HealthStatus.PASS, normalFields(0)), at(t));
        s.sample(sample("node-3", "GPU-i1", "batch-1", HealthStatus.PASS, normalFields(0)), at(t));
      }
      assertThat(s.incidents()).isEmpty();
      assertThat(s.findings()).isEmpty();
      var view = s.workload("c1/ml/batch");
      assertThat(view.gpus()).containsOnlyKeys("GPU-i0", "GPU-i1");
      assertThat(view.gpus().get("GPU-i0").utilisation()).isEqualTo(0.0);
      assertThat(
              io.strata.correlator.core.incident.WorkloadActivity.explain(
                  view, at(180), Duration.ofMinutes(1)))
          .isEqualTo(io.strata.correlator.core.incident.WorkloadActivity.IDLE);
    }
  }

  @Test
  void aFlappingSignalKeepsOneIncidentAndDoesNotStorm() {
    try (Scenario s = new Scenario()) {
      chatRunningOnNode1(s);
      s.traffic(at(0), at(60), EVERY, t -> C0, t -> healthy());
      // 10 s of backlog, 10 s healthy, four times over.
      s.traffic(
          at(60),
          at(140),
          EVERY,
          t -> C0,
          t ->
              ((t.getEpochSecond() - at(60).getEpochSecond()) / 10) % 2 == 0
                  ? stages(600, 0, 10, 100, 5)
                  : healthy());

      List<Incident> incidents = s.incidents();
      assertThat(incidents)
          .extracting(Incident::incidentId)
          .containsOnly(IncidentIds.of(IncidentClass.QUEUE_BACKLOG, CLUSTER, "ml/chat/v1", 1));
      // 80 s of windows flipping between regressed and in band: opened, then the episode's first
      // mitigation; every later flip is held back by the one-minute update interval.
      assertThat(incidents)
          .extracting(Incident::state)
          .containsExactly(IncidentState.OPEN, IncidentState.MITIGATING);
      assertThat(
              s.registry
                  .find("strata.correlator.windows")
                  .tag("verdict", "REGRESSED")
                  .counter()
                  .count())
          .isGreaterThanOrEqualTo(10.0);
    }
  }

  private static Scenario.Server alternate(Instant t, Scenario.Server a, Scenario.Server b) {
    return (t.toEpochMilli() / 250) % 2 == 0 ? a : b;
  }
}
