package io.strata.traceingest.stages;

import io.strata.events.trace.Stage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Builds the stage sources from configuration: custom sources first (sorted by name, so the order
 * does not depend on how the configuration was read), then the enabled built-in ones.
 */
public final class ConfiguredSources {

  /** What one configured source says, independent of the config mapping interface. */
  public record Custom(
      Optional<List<String>> spanNames,
      Optional<List<String>> signature,
      DurationUnit unit,
      Anchor anchor,
      List<String> stages) {}

  private ConfiguredSources() {}

  /**
   * @param prefix the configuration prefix of the custom sources, for error messages
   */
  public static StageSources build(
      List<String> builtIn, Map<String, Custom> custom, String prefix) {
    List<AttributeStageSource> sources = new ArrayList<>();
    new TreeMap<>(custom)
        .forEach((name, source) -> sources.add(custom(name, source, prefix + "." + name)));
    Set<String> enabled = new HashSet<>();
    builtIn.forEach(b -> enabled.add(b.trim().toLowerCase(Locale.ROOT)));
    Map<String, Stage> stageSpans = new HashMap<>();
    if (enabled.contains("vllm")) {
      sources.add(KnownServers.vllm());
      stageSpans.putAll(KnownServers.VLLM_STAGE_SPANS);
    }
    if (enabled.contains("tgi")) {
      sources.add(KnownServers.tgi());
    }
    return new StageSources(sources, stageSpans);
  }

  private static AttributeStageSource custom(String name, Custom source, String key) {
    List<AttributeStage> stages = new ArrayList<>();
    for (String entry : source.stages()) {
      stages.add(StageSpec.parse(name, entry, key + ".stages"));
    }
    if (stages.isEmpty()) {
      throw new IllegalArgumentException(key + ".stages: at least one STAGE=key entry is needed");
    }
    return new AttributeStageSource(
        name,
        Set.copyOf(source.spanNames().orElse(List.of())),
        source.signature().orElse(List.of()),
        source.unit(),
        source.anchor(),
        stages);
  }
}
