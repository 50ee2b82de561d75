package io.strata.remediator.core.patch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/** JSON merge patch (RFC 7386): applying one, and the exact patch that undoes it. */
public final class MergePatches {

  private MergePatches() {}

  /**
   * The patch that restores {@code current} after {@code patch} is applied to it: every leaf the
   * patch sets gets its current value back, or null (delete) where it was absent.
   *
   * <p>Where the patch creates an object that was absent (say {@code metadata.annotations} of a pod
   * that had none), the inverse deletes the leaves the patch wrote, not the whole object: the
   * executor writes its marker into the same annotations, and other writers may add keys there
   * before the undo runs. What is left is at most an empty object, which Kubernetes treats as
   * absent.
   */
  public static ObjectNode inverse(ObjectNode patch, JsonNode current) {
    ObjectNode inverse = KubeJson.object();
    for (Map.Entry<String, JsonNode> field : patch.properties()) {
      JsonNode before = current == null ? null : current.get(field.getKey());
      JsonNode change = field.getValue();
      if (change instanceof ObjectNode nested && (before == null || before.isObject())) {
        ObjectNode nestedInverse = inverse(nested, before);
        if (!nestedInverse.isEmpty()) {
          inverse.set(field.getKey(), nestedInverse);
        }
      } else if (before == null || before.isNull()) {
        if (!change.isNull()) {
          inverse.set(field.getKey(), NullNode.getInstance());
        }
      } else if (!change.equals(before)) {
        inverse.set(field.getKey(), before.deepCopy());
      }
    }
    return inverse;
  }

  /**
   * The merge patch that turns {@code from} into {@code to}: fields of {@code from} absent in
   * {@code to} are deleted (null), differing values and lists are replaced, equal ones left out.
   */
  public static ObjectNode diff(JsonNode from, JsonNode to) {
    ObjectNode patch = KubeJson.object();
    if (from != null && from.isObject()) {
      for (Map.Entry<String, JsonNode> field : from.properties()) {
        if (!to.has(field.getKey())) {
          patch.set(field.getKey(), NullNode.getInstance());
        }
      }
    }
    for (Map.Entry<String, JsonNode> field : to.properties()) {
      JsonNode before = from == null ? null : from.get(field.getKey());
      JsonNode after = field.getValue();
      if (after.isObject() && before != null && before.isObject()) {
        ObjectNode nested = diff(before, after);
        if (!nested.isEmpty()) {
          patch.set(field.getKey(), nested);
        }
      } else if (!after.equals(before)) {
        patch.set(field.getKey(), after.deepCopy());
      }
    }
    return patch;
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
