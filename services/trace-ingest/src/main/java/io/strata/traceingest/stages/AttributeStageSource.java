package io.strata.traceingest.stages;

import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.Span;
import io.strata.events.trace.Stage;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A server family that reports its stage timings as attributes of one span (vLLM's {@code
 * llm_request}, TGI's {@code generate}) instead of as child spans. A span is this family's when its
 * name is one of {@code spanNames} (any name when empty), it carries every {@code signature} key as
 * a readable duration and at least one stage's duration; its stages are then laid out back to back
 * from the {@code anchor}.
 *
 * @param family short name, for logs and docs ({@code vllm}, {@code tgi}, a configured name)
 */
public record AttributeStageSource(
    String family,
    Set<String> spanNames,
    List<String> signature,
    DurationUnit unit,
    Anchor anchor,
    List<AttributeStage> stages) {

  public AttributeStageSource {
    spanNames = Set.copyOf(spanNames);
    signature = List.copyOf(signature);
    stages = List.copyOf(stages);
    if (stages.isEmpty()) {
      throw new IllegalArgumentException("attribute source " + family + " has no stages");
    }
  }

  /** The span's stages in time order, or an empty list when the span is not of this family. */
  public List<DerivedStage> derive(Span span) {
    if (!spanNames.isEmpty() && !spanNames.contains(span.getName())) {
      return List.of();
    }
    Map<String, AnyValue> values = relevantValues(span.getAttributesList());
    if (values.isEmpty()) {
      return List.of();
    }
    for (String key : signature) {
      AnyValue value = values.get(key);
      if (value == null || unit.nanos(value) == null) {
        return List.of();
      }
    }
    List<Measured> measured = new ArrayList<>(stages.size());
    Set<Stage> seen = EnumSet.noneOf(Stage.class);
    for (AttributeStage stage : stages) {
      if (stage.fallback() && seen.contains(stage.stage())) {
        continue;
      }
      Long nanos = firstDuration(stage.keys(), values);
      if (nanos != null) {
        measured.add(new Measured(stage, nanos));
        seen.add(stage.stage());
      }
    }
    return place(measured, span.getEndTimeUnixNano() - span.getStartTimeUnixNano());
  }

  private record Measured(AttributeStage stage, long nanos) {}

  private List<DerivedStage> place(List<Measured> measured, long spanNanos) {
    long total = 0;
    for (Measured m : measured) {
      total = saturatedAdd(total, m.nanos());
    }
    // A server's own clock may put the sum a little past the span (float seconds, clock steps);
    // then the stages start with the span rather than before it.
    long cursor = anchor == Anchor.END && total <= spanNanos ? spanNanos - total : 0;
    List<DerivedStage> out = new ArrayList<>(measured.size());
    for (Measured m : measured) {
      out.add(new DerivedStage(m.stage().name(), m.stage().stage(), cursor, m.nanos()));
      cursor = saturatedAdd(cursor, m.nanos());
    }
    return out;
  }

  private Long firstDuration(List<String> keys, Map<String, AnyValue> values) {
    for (String key : keys) {
      AnyValue value = values.get(key);
      if (value != null) {
        Long nanos = unit.nanos(value);
        if (nanos != null) {
          return nanos;
        }
      }
    }
    return null;
  }

  private Map<String, AnyValue> relevantValues(List<KeyValue> attributes) {
    Map<String, AnyValue> values = new HashMap<>();
    for (KeyValue attribute : attributes) {
      if (isRelevant(attribute.getKey())) {
        values.putIfAbsent(attribute.getKey(), attribute.getValue());
      }
    }
    return values;
  }

  private boolean isRelevant(String key) {
    if (signature.contains(key)) {
      return true;
    }
    for (AttributeStage stage : stages) {
      if (stage.keys().contains(key)) {
        return true;
      }
    }
    return false;
  }

  private static long saturatedAdd(long a, long b) {
    long sum = a + b;
    return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
  }
}
