package io.strata.correlator.streams;

import static io.strata.correlator.streams.Scenario.CLUSTER;
import static io.strata.correlator.streams.Scenario.at;
import static io.strata.correlator.streams.Scenario.normalFields;
import static io.strata.correlator.streams.Scenario.pod;
import static io.strata.correlator.streams.Scenario.sample;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.strata.correlator.core.incident.IncidentIds;
import io.strata.correlator.core.request.BaselineTracker;
import io.strata.events.device.HealthStatus;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.k8s.PodPhase;
import io.strata.events.remediation.ActionType;
import io.strata.events.trace.Stage;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A vLLM workload whose stages reach the correlator only as trace-ingest derives them from the
 * {@code llm_request} span's {@code gen_ai.latency.*} attributes: a slow queue and a slow decode
 * are classified like their Strata-span counterparts. Timeline as in RequestRegressionScenarioTest:
 * healthy 0-60 s, the fault from 60 s, 4 requests a second, 10 s windows advancing every 5 s.
 */
class VllmRegressionScenarioTest {

  private static final Duration EVERY = Duration.ofMillis(250);
  private static final String MODEL = "meta-llama/Llama-3.1-8B-Instruct";
  private static final Scenario.Server V0 =
      new Scenario.Server("vllm-chat", "vllm-chat-0", "node-1", "GPU-v0", MODEL);

  private static void vllmRunningOnNode1(Scenario s) {
    s.pod(pod("vllm-chat-0", "vllm-chat", "node-1", MODEL, PodPhase.RUNNING, "GPU-v0"), at(0));
    s.sample(sample("node-1", "GPU-v0", "vllm-chat-0", HealthStatus.PASS, normalFields(60)), at(0));
  }

  @Test
  void aSlowVllmQueueIsAQueueBacklog() {
    try (Scenario s = new Scenario()) {
      VllmTraffic vllm = new VllmTraffic(s);
      vllmRunningOnNode1(s);
      vllm.traffic(at(0), at(60), EVERY, V0, t -> VllmTraffic.healthy());
      vllm.traffic(at(60), at(90), EVERY, V0, t -> new VllmTraffic.Timings(600, 30, 100));

      List<Incident> incidents = s.incidents();
      assertThat(incidents).isNotEmpty();
      Incident opened = incidents.get(0);
      assertThat(opened.incidentClass()).isEqualTo(IncidentClass.QUEUE_BACKLOG);
      assertThat(opened.longestStage()).isEqualTo(Stage.QUEUE_WAIT);
      assertThat(opened.incidentId())
          .isEqualTo(
              IncidentIds.of(IncidentClass.QUEUE_BACKLOG, CLUSTER, "ml/vllm-chat/" + MODEL, 1));
      assertThat(opened.suggestedActions())
          .containsExactly(
              ActionType.LOWER_CONCURRENCY, ActionType.PAUSE_NEW_BATCHES, ActionType.SCALE_OUT);
      // Healthy requests take 160 ms (20 front + 10 queue + 30 prefill + 100 decode); the p95 is
      // a sketch estimate within 1 %.
      assertThat(opened.trigger().baseline()).isCloseTo(160.0, within(1.6));
      assertThat(opened.evidence().exemplarTraces())
          .allSatisfy(
              t -> {
                assertThat(t.longestStage()).isEqualTo(Stage.QUEUE_WAIT);
                assertThat(t.stageMillis())
                    .containsEntry(Stage.QUEUE_WAIT, 600.0)
                    .containsEntry(Stage.GPU_EXECUTE, 130.0);
              });
      assertThat(incidents)
          .extracting(Incident::incidentClass)
          .containsOnly(IncidentClass.QUEUE_BACKLOG);
    }
  }

  @Test
  void aSlowVllmDecodeIsAnExecutionRegressionOnTheServingGpu() {
    try (Scenario s = new Scenario()) {
      VllmTraffic vllm = new VllmTraffic(s);
      vllmRunningOnNode1(s);
      vllm.traffic(at(0), at(60), EVERY, V0, t -> VllmTraffic.healthy());
      vllm.traffic(at(60), at(90), EVERY, V0, t -> new VllmTraffic.Timings(10, 30, 700));

      List<Incident> incidents = s.incidents();
      assertThat(incidents).isNotEmpty();
      Incident opened = incidents.get(0);
      assertThat(opened.incidentClass()).isEqualTo(IncidentClass.DEVICE_DEGRADED);
      assertThat(opened.longestStage()).isEqualTo(Stage.GPU_EXECUTE);
      // Slower decode that no GPU anomaly explains is the model or its inputs: no node action.
      assertThat(opened.suggestedActions()).containsExactly(ActionType.LOWER_CONCURRENCY);
      // No GPU UUID on vLLM's span: the serving GPU is the one the pod holds.
      assertThat(opened.scope().gpuUuids()).containsExactly("GPU-v0");
      assertThat(opened.scope().nodes()).containsExactly("node-1");
      assertThat(opened.evidence().notes()).contains("no device anomaly on the serving GPUs");
      assertThat(opened.evidence().exemplarTraces())
          .allSatisfy(t -> assertThat(t.stageMillis()).containsEntry(Stage.GPU_EXECUTE, 730.0));
      assertThat(incidents)
          .extracting(Incident::incidentClass)
          .containsOnly(IncidentClass.DEVICE_DEGRADED);
    }
  }

  @Test
  void effectiveThroughputCountsTheCompletionTokensOfVllmRequests() {
    try (Scenario s = new Scenario()) {
      VllmTraffic vllm = new VllmTraffic(s);
      vllmRunningOnNode1(s);
      vllm.traffic(at(0), at(60), EVERY, V0, t -> VllmTraffic.healthy());

      BaselineTracker tracker =
          s.driver
              .<String, BaselineTracker>getKeyValueStore(StoreNames.BASELINES)
              .get(CLUSTER + "/ml/vllm-chat|" + MODEL);
      // 40 requests of 128 tokens per 10 s window on one GPU: 512 tokens per second per GPU.
      assertThat(tracker.baseline(3).orElseThrow().effectiveThroughput()).isEqualTo(512.0);
    }
  }
}
