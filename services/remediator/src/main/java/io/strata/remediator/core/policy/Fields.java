package io.strata.remediator.core.policy;

import java.util.List;
import java.util.Map;
import java.util.Set;

/** Shape checks of the parsed YAML, each refusing with the rule and the field at fault. */
final class Fields {

  private Fields() {}

  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Object value, String rule, String what) throws PolicyException {
    if (value instanceof Map<?, ?> map
        && map.keySet().stream().allMatch(String.class::isInstance)) {
      return (Map<String, Object>) map;
    }
    throw new PolicyException(PolicyProblem.BAD_SHAPE, rule, what + " must be a map");
  }

  @SuppressWarnings("unchecked")
  static List<Object> list(Object value, String rule, String what) throws PolicyException {
    if (value == null) {
      return List.of();
    }
    if (value instanceof List<?> list) {
      return (List<Object>) list;
    }
    throw new PolicyException(PolicyProblem.BAD_SHAPE, rule, what + " must be a list");
  }

  static String text(Object value, String rule, String what) throws PolicyException {
    if (value instanceof String text && !text.isBlank()) {
      return text;
    }
    throw new PolicyException(PolicyProblem.BAD_SHAPE, rule, what + " must be a non-empty string");
  }

  static void only(Map<String, Object> fields, Set<String> known, String rule)
      throws PolicyException {
    for (String field : fields.keySet()) {
      if (!known.contains(field)) {
        throw new PolicyException(
            PolicyProblem.UNKNOWN_FIELD,
            rule,
            "unknown field "
                + field
                + " (known: "
                + String.join(", ", known.stream().sorted().toList())
                + ")");
      }
    }
  }
}
