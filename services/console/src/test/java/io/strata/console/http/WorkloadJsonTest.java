package io.strata.console.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.json.StrataJson;
import io.strata.events.trace.Stage;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class WorkloadJsonTest {

  /**
   * The shape of the correlator's GET /api/workloads/{cluster}/{namespace}/{workload}/window: its
   * CorrelatorQueries.WorkloadWindow (workload, activity, gpus and pods counts, last_window:
   * WindowStats, baselines: model_version → Baseline) written by StrataJson (snake_case, ISO-8601
   * instants).
   */
  private static final String BODY =
      """
      {"workload":"local/inference/llm-serve","activity":"EXECUTING","gpus":2,"pods":2,
        "last_window":{"correlation":{"cluster":"local","namespace":"inference","workload":"llm-serve",
          "model_version":"v1"},"window_start":"2026-12-01T10:00:00Z","window_end":"2026-12-01T10:00:10Z",
          "requests":120,"errors":0,"p50":210.0,"p95":460.5,"p99":700.0,
          "stage_p95":{"QUEUE_WAIT":12.5,"GPU_EXECUTE":400.0},"within_slo":100,"output_tokens_within_slo":0,
          "exemplars":[],"nodes":["gpu-node-003"],"gpus":["GPU-a"]},
       "baselines":{"v1":{"p50":200.0,"p95":420.0,"error_rate":0.0,"stage_p95":{"QUEUE_WAIT":10.0},
         "effective_throughput":5.0,"windows":10,"as_of":"2026-12-01T09:59:50Z"}}}
      """;

  @Test
  void readsTheLastWindowAndTheBaselines() throws Exception {
    WorkloadJson.Detail detail = WorkloadJson.read(StrataJson.mapper().readTree(BODY));
    assertThat(detail.window().start()).isEqualTo(Instant.parse("2026-12-01T10:00:00Z"));
    assertThat(detail.window().modelVersion()).isEqualTo("v1");
    assertThat(detail.window().p95()).isEqualTo(460.5);
    assertThat(detail.window().stage(Stage.QUEUE_WAIT)).isEqualTo(12.5);
    // 100 within SLO over 10 s on the workload's 2 GPUs.
    assertThat(detail.window().effectiveThroughput()).isEqualTo(5.0);
    assertThat(detail.baselines().get("v1").p95()).isEqualTo(420.0);
    assertThat(detail.baselines().get("v1").stage(Stage.QUEUE_WAIT)).isEqualTo(10.0);
    assertThat(detail.baselines().get("v1").effectiveThroughput()).isEqualTo(5.0);
  }

  @Test
  void aWorkloadWithoutAWindowYetHasNone() throws Exception {
    WorkloadJson.Detail detail =
        WorkloadJson.read(StrataJson.mapper().readTree("{\"gpus\":0,\"pods\":0,\"baselines\":{}}"));
    assertThat(detail.window()).isNull();
    assertThat(detail.baselines()).isEmpty();
  }
}
