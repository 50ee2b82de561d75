package io.strata.events.incident;

import io.strata.events.trace.Stage;
import java.util.Map;

/**
 * One slow (or failed) request kept as evidence, with where its time went.
 *
 * @param stageMillis time per stage in milliseconds
 */
public record ExemplarTrace(
    String traceId,
    double durationMillis,
    Stage longestStage,
    Map<Stage, Double> stageMillis,
    String pod,
    String node,
    String gpuUuid) {

  public ExemplarTrace {
    longestStage = longestStage == null ? Stage.UNSPECIFIED : longestStage;
    stageMillis = stageMillis == null ? Map.of() : Map.copyOf(stageMillis);
  }
}
