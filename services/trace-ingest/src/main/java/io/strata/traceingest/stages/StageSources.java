package io.strata.traceingest.stages;

import io.opentelemetry.proto.trace.v1.Span;
import java.util.List;

/**
 * The attribute-based stage sources, tried in order; the first that recognises a span derives its
 * stages. Configured in-house sources come first, so they can override a built-in one.
 */
public final class StageSources {

  private final List<AttributeStageSource> sources;

  public StageSources(List<AttributeStageSource> sources) {
    this.sources = List.copyOf(sources);
  }

  public static StageSources builtIn() {
    return new StageSources(List.of(KnownServers.vllm(), KnownServers.tgi()));
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

  public List<AttributeStageSource> sources() {
    return sources;
  }
}
