package io.strata.traceingest.summary;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which attribute keys fill which field, and with what precedence (lower rank wins): the
 * conventional names of {@link ConventionKeys} and the configured ones. Every other attribute is
 * ignored, so nothing high-cardinality reaches a summary.
 */
public final class AttributeKeys {

  /** Ranks of a field's configured keys start here, after its {@code FIRST} conventional names. */
  private static final int CONFIGURED = 1000;

  /** Ranks of the conventional names read only when no configured key is present. */
  private static final int AFTER_CONFIGURED = 2000;

  record Target(CorrelationField field, int rank) {}

  private final Map<String, List<Target>> targets = new HashMap<>();

  /**
   * @param modelVersion model version keys in order; service.version follows them
   * @param queue queue keys in order
   * @param gpuUuid GPU UUID keys in order
   * @param acceleratorType accelerator type keys in order
   * @param outputTokens output token count keys in order
   */
  public AttributeKeys(
      List<String> modelVersion,
      List<String> queue,
      List<String> gpuUuid,
      List<String> acceleratorType,
      List<String> outputTokens) {
    addConventions();
    addAll(modelVersion, CorrelationField.MODEL_VERSION);
    addAll(queue, CorrelationField.QUEUE);
    addAll(gpuUuid, CorrelationField.GPU_UUID);
    addAll(acceleratorType, CorrelationField.ACCELERATOR_TYPE);
    addAll(outputTokens, CorrelationField.OUTPUT_TOKENS);
  }

  /** The fields a key fills, or null when the key means nothing to Strata. */
  List<Target> targets(String key) {
    return targets.get(key);
  }

  /** Table order is rank order within a field and precedence. */
  private void addConventions() {
    Map<CorrelationField, Integer> first = new EnumMap<>(CorrelationField.class);
    Map<CorrelationField, Integer> after = new EnumMap<>(CorrelationField.class);
    for (ConventionKeys.Entry entry : ConventionKeys.TABLE) {
      boolean isFirst = entry.precedence() == ConventionKeys.Precedence.FIRST;
      Map<CorrelationField, Integer> seen = isFirst ? first : after;
      int position = seen.merge(entry.field(), 1, Integer::sum) - 1;
      add(entry.key(), entry.field(), (isFirst ? 0 : AFTER_CONFIGURED) + position);
    }
  }

  private void addAll(List<String> keys, CorrelationField field) {
    for (int i = 0; i < keys.size(); i++) {
      add(keys.get(i), field, CONFIGURED + i);
    }
  }

  private void add(String key, CorrelationField field, int rank) {
    List<Target> list = targets.computeIfAbsent(key, k -> new ArrayList<>(2));
    list.removeIf(t -> t.field() == field && t.rank() >= rank);
    if (list.stream().noneMatch(t -> t.field() == field)) {
      list.add(new Target(field, rank));
    }
  }
}
