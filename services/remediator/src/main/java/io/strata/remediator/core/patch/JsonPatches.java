package io.strata.remediator.core.patch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * A JSON merge patch (RFC 7386) as the equivalent JSON Patch (RFC 6902) against the object it
 * applies to. Both mean the same to the API server; the remediator sends the JSON Patch because it
 * states every change explicitly (a list is replaced, a null removes the field), which every
 * implementation applies alike, test doubles included (the fabric8 mock server merges lists and
 * keeps nulls under a merge patch). The first operation pins the resourceVersion the patch was
 * computed from, so a concurrent change fails with 409 Conflict instead of being overwritten.
 */
public final class JsonPatches {

  private JsonPatches() {}

  /**
   * @param resourceVersion the version {@code mergePatch} was computed from, or null for none
   */
  public static ArrayNode fromMerge(
      ObjectNode mergePatch, JsonNode current, String resourceVersion) {
    ArrayNode ops = KubeJson.mapper().createArrayNode();
    if (resourceVersion != null) {
      ops.addObject()
          .put("op", "replace")
          .put("path", "/metadata/resourceVersion")
          .put("value", resourceVersion);
    }
    collect(mergePatch, current, "", ops);
    return ops;
  }

  private static void collect(ObjectNode patch, JsonNode current, String path, ArrayNode ops) {
    for (Map.Entry<String, JsonNode> field : patch.properties()) {
      String at = path + "/" + escape(field.getKey());
      JsonNode before = current == null ? null : current.get(field.getKey());
      JsonNode value = field.getValue();
      boolean present = before != null && !before.isNull();
      if (value.isNull()) {
        if (present) {
          ops.addObject().put("op", "remove").put("path", at);
        }
      } else if (value instanceof ObjectNode nested && present && before.isObject()) {
        collect(nested, before, at, ops);
      } else {
        JsonNode written = value instanceof ObjectNode nested ? withoutNulls(nested) : value;
        ops.addObject()
            .put("op", before == null ? "add" : "replace")
            .put("path", at)
            .set("value", written.deepCopy());
      }
    }
  }

  private static ObjectNode withoutNulls(ObjectNode object) {
    ObjectNode copy = KubeJson.object();
    for (Map.Entry<String, JsonNode> field : object.properties()) {
      if (field.getValue() instanceof ObjectNode nested) {
        copy.set(field.getKey(), withoutNulls(nested));
      } else if (!field.getValue().isNull()) {
        copy.set(field.getKey(), field.getValue().deepCopy());
      }
    }
    return copy;
  }

  /** RFC 6901: "~" is "~0" and "/" is "~1" in a path segment. */
  private static String escape(String key) {
    return key.replace("~", "~0").replace("/", "~1");
  }
}
