package io.strata.correlator.core.incident;

import io.strata.correlator.core.request.TraceAccumulator;
import io.strata.correlator.core.request.WindowStats;
import io.strata.correlator.core.state.PodBrief;
import io.strata.correlator.core.state.WorkloadView;
import io.strata.events.trace.Stage;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;

/**
 * Step 4 of the on-call path: low GPU utilisation is never an incident by itself; this says which
 * of idle, queued, preparing, not allocated or executing explains what a workload's GPUs are doing.
 */
public enum WorkloadActivity {
  /** No requests recently: low utilisation is expected. */
  IDLE,
  /** Pods asked for GPUs and are still waiting for them. */
  NOT_ALLOCATED,
  /** Requests spend most of their time waiting in the queue. */
  QUEUED,
  /** Requests spend most of their time loading the model or preparing batches. */
  PREPARING,
  /** Requests spend most of their time executing (or encoding) on the GPU. */
  EXECUTING;

  /**
   * @param asOf now; a last window older than {@code quiet} counts as no requests
   */
  public static WorkloadActivity explain(WorkloadView view, Instant asOf, Duration quiet) {
    boolean waiting = view.pods().values().stream().anyMatch(PodBrief::waitingForAllocation);
    if (waiting && view.gpus().isEmpty()) {
      return NOT_ALLOCATED;
    }
    WindowStats last = view.lastWindow();
    if (last == null || last.requests() == 0 || last.windowEnd().isBefore(asOf.minus(quiet))) {
      return waiting ? NOT_ALLOCATED : IDLE;
    }
    Stage longest =
        TraceAccumulator.PATH_STAGES.stream()
            .max(Comparator.comparingDouble(last::stage).thenComparing(Stage::ordinal))
            .orElse(Stage.UNSPECIFIED);
    return switch (longest) {
      case QUEUE_WAIT -> QUEUED;
      case MODEL_LOAD, BATCH_PREPARE -> PREPARING;
      default -> EXECUTING;
    };
  }
}
