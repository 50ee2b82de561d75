package io.strata.traceingest.summary;

import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import java.util.Arrays;
import java.util.List;

/** The values one attribute list (a span's or a resource's) gives each field, with their rank. */
final class AttributeHits {

  private static final int NONE = Integer.MAX_VALUE;

  private final String[] values = new String[CorrelationField.ALL.length];
  private final int[] ranks = new int[CorrelationField.ALL.length];

  private AttributeHits() {
    Arrays.fill(ranks, NONE);
  }

  static AttributeHits scan(List<KeyValue> attributes, AttributeKeys keys) {
    AttributeHits hits = new AttributeHits();
    for (KeyValue attribute : attributes) {
      List<AttributeKeys.Target> targets = keys.targets(attribute.getKey());
      if (targets == null) {
        continue;
      }
      String value = text(attribute.getValue());
      if (value == null || value.isBlank()) {
        continue;
      }
      for (AttributeKeys.Target target : targets) {
        int slot = target.field().ordinal();
        if (target.rank() < hits.ranks[slot]) {
          hits.values[slot] = value;
          hits.ranks[slot] = target.rank();
        }
      }
    }
    return hits;
  }

  /** The span's value unless the resource has one under a better-ranked key. */
  static String pick(CorrelationField field, AttributeHits span, AttributeHits resource) {
    int slot = field.ordinal();
    return span.ranks[slot] <= resource.ranks[slot] ? span.values[slot] : resource.values[slot];
  }

  /** Scalars as text; arrays, maps and bytes are not correlation keys. */
  private static String text(AnyValue value) {
    return switch (value.getValueCase()) {
      case STRING_VALUE -> value.getStringValue();
      case INT_VALUE -> Long.toString(value.getIntValue());
      case DOUBLE_VALUE -> doubleText(value.getDoubleValue());
      case BOOL_VALUE -> Boolean.toString(value.getBoolValue());
      default -> null;
    };
  }

  private static String doubleText(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15
        ? Long.toString((long) value)
        : Double.toString(value);
  }
}
