package io.strata.remediator.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/** JSON merge patch (RFC 7386): applying one, and the exact patch that undoes it. */
public final class MergePatches {

  private MergePatches() {}

  /**
   * The patch that restores {@code current} after {@code patch} is applied to it: every path the
   * patch touches gets its current value back, or null (delete) where it was absent.
   */
  public static ObjectNode inverse(ObjectNode patch, JsonNode current) {
    ObjectNode inverse = KubeJson.object();
    for (Map.Entry<String, JsonNode> field : patch.properties()) {
      JsonNode before = current == null ? null : current.get(field.getKey());
      JsonNode change = field.getValue();
      if (before == null || before.isNull()) {
        if (!change.isNull()) {
          inverse.set(field.getKey(), NullNode.getInstance());
        }
      } else if (change instanceof ObjectNode nested && before.isObject()) {
        ObjectNode nestedInverse = inverse(nested, before);
        if (!nestedInverse.isEmpty()) {
          inverse.set(field.getKey(), nestedInverse);
        }
      } else if (!change.equals(before)) {
        inverse.set(field.getKey(), before.deepCopy());
      }
    }
    return inverse;
  }

  /** Applies {@code patch} to a copy of {@code target}. */
  public static JsonNode apply(JsonNode target, JsonNode patch) {
    if (!(patch instanceof ObjectNode patchObject)) {
      return patch.deepCopy();
    }
    ObjectNode result = target instanceof ObjectNode o ? o.deepCopy() : KubeJson.object();
    for (Map.Entry<String, JsonNode> field : patchObject.properties()) {
      if (field.getValue().isNull()) {
        result.remove(field.getKey());
      } else {
        JsonNode existing = result.get(field.getKey());
        result.set(
            field.getKey(),
            apply(existing == null ? NullNode.getInstance() : existing, field.getValue()));
      }
    }
    return result;
  }
}
