package io.strata.traceingest.stages;

import io.opentelemetry.proto.trace.v1.Span;
import io.strata.events.trace.Stage;
import java.util.List;
import java.util.Map;

/**
 * What the servers trace-ingest knows say about stages: the attribute-based sources, tried in order
 * (the first that recognises a span derives its stages; configured in-house sources come first, so
 * they can override a built-in one), and the span names a built-in server gives a stage.
 */
public final class StageSources {

  private final List<AttributeStageSource> sources;
  private final Map<String, Stage> stageSpans;

  public StageSources(List<AttributeStageSource> sources) {
    this(sources, Map.of());
  }

  /**
   * @param stageSpans span names that are a stage by themselves (vLLM's {@code Load model})
   */
  public StageSources(List<AttributeStageSource> sources, Map<String, Stage> stageSpans) {
    this.sources = List.copyOf(sources);
    this.stageSpans = Map.copyOf(stageSpans);
  }

  public static StageSources builtIn() {
    return new StageSources(
        List.of(KnownServers.vllm(), KnownServers.tgi()), KnownServers.VLLM_STAGE_SPANS);
  }

  public static StageSources none() {
    return new StageSources(List.of());
  }

  public List<DerivedStage> derive(Span span) {
    for (AttributeStageSource source : sources) {
      List<DerivedStage> stages = source.derive(span);
      if (!stages.isEmpty()) {
        return stages;
      }
    }
    return List.of();
  }

  /** The stage a built-in server's span of this name is, or null. */
  public Stage stageOfSpanName(String spanName) {
    return stageSpans.get(spanName);
  }

  public List<AttributeStageSource> sources() {
    return sources;
  }
}
