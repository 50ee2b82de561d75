package io.strata.correlator.core.incident;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.core.request.WindowStats;
import io.strata.correlator.core.state.GpuSnapshot;
import io.strata.correlator.core.state.PodBrief;
import io.strata.correlator.core.state.WorkloadView;
import io.strata.events.Correlation;
import io.strata.events.device.HealthStatus;
import io.strata.events.k8s.PodPhase;
import io.strata.events.trace.Stage;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkloadActivityTest {

  private static final Instant NOW = Instant.parse("2026-11-30T10:10:00Z");
  private static final Duration QUIET = Duration.ofMinutes(2);
  private static final GpuSnapshot GPU =
      new GpuSnapshot(
          "c",
          "n",
          "GPU-1",
          "c/ml/p",
          Map.of("gpu_util_percent", 3.0),
          HealthStatus.PASS,
          null,
          null,
          NOW);

  private static WindowStats window(Instant end, long requests, Map<Stage, Double> stages) {
    return new WindowStats(
        Correlation.empty(),
        end.minusSeconds(60),
        end,
        requests,
        0,
        1,
        2,
        3,
        stages,
        0,
        0,
        null,
        null,
        null,
        null,
        null);
  }

  private static WorkloadView withWindow(WindowStats window) {
    return WorkloadView.empty().withGpu(GPU).withWindow(window);
  }

  @Test
  void noRecentRequestsIsIdle() {
    assertThat(WorkloadActivity.explain(WorkloadView.empty().withGpu(GPU), NOW, QUIET))
        .isEqualTo(WorkloadActivity.IDLE);
    assertThat(
            WorkloadActivity.explain(
                withWindow(window(NOW.minusSeconds(600), 50, Map.of(Stage.GPU_EXECUTE, 5.0))),
                NOW,
                QUIET))
        .isEqualTo(WorkloadActivity.IDLE);
  }

  @Test
  void aPendingPodWithoutGpusIsNotAllocated() {
    WorkloadView pending =
        WorkloadView.empty()
            .withPod(new PodBrief("c/ml/p", null, PodPhase.PENDING, "v1", 0, null, 1, null, NOW));
    assertThat(WorkloadActivity.explain(pending, NOW, QUIET))
        .isEqualTo(WorkloadActivity.NOT_ALLOCATED);
  }

  @Test
  void theLongestStageOfTheLastWindowExplainsBusyGpus() {
    assertThat(
            WorkloadActivity.explain(
                withWindow(
                    window(NOW, 50, Map.of(Stage.QUEUE_WAIT, 900.0, Stage.GPU_EXECUTE, 50.0))),
                NOW,
                QUIET))
        .isEqualTo(WorkloadActivity.QUEUED);
    assertThat(
            WorkloadActivity.explain(
                withWindow(
                    window(NOW, 50, Map.of(Stage.BATCH_PREPARE, 300.0, Stage.GPU_EXECUTE, 50.0))),
                NOW,
                QUIET))
        .isEqualTo(WorkloadActivity.PREPARING);
    assertThat(
            WorkloadActivity.explain(
                withWindow(window(NOW, 50, Map.of(Stage.GPU_EXECUTE, 300.0))), NOW, QUIET))
        .isEqualTo(WorkloadActivity.EXECUTING);
  }
}
