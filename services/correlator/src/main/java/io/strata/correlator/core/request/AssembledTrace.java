package io.strata.correlator.core.request;

import io.strata.events.Correlation;
import io.strata.events.incident.ExemplarTrace;
import io.strata.events.trace.Stage;
import java.time.Instant;
import java.util.Map;

/**
 * One request put back together from its spans: how long it took end to end, whether it failed,
 * where its time went, and who served it.
 *
 * @param stageMillis time per known stage (queue.wait, model.load, batch.prepare, gpu.execute,
 *     response.encode), summed over the trace's spans of that stage
 * @param longestStage the known stage with the most time, UNSPECIFIED when the trace has none
 * @param outputTokens generated tokens, when a span reported them
 */
public record AssembledTrace(
    String traceId,
    Correlation correlation,
    String gpuUuid,
    Instant start,
    double durationMillis,
    boolean error,
    Map<Stage, Double> stageMillis,
    Stage longestStage,
    Long outputTokens) {

  public AssembledTrace {
    correlation = correlation == null ? Correlation.empty() : correlation;
    stageMillis = stageMillis == null ? Map.of() : Map.copyOf(stageMillis);
    longestStage = longestStage == null ? Stage.UNSPECIFIED : longestStage;
  }

  /** The time one stage took, zero when the trace has no span of it. */
  public double stage(Stage stage) {
    return stageMillis.getOrDefault(stage, 0.0);
  }

  /** True when the trace names the workload it belongs to, so it can join a window. */
  public boolean attributable() {
    return correlation.cluster() != null
        && correlation.namespace() != null
        && correlation.workload() != null;
  }

  public ExemplarTrace toExemplar() {
    return new ExemplarTrace(
        traceId,
        durationMillis,
        longestStage,
        stageMillis,
        correlation.pod(),
        correlation.node(),
        gpuUuid);
  }
}
