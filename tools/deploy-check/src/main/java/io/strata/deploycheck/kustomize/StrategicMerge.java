package io.strata.deploycheck.kustomize;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;

/**
 * The part of Kubernetes' strategic merge patch that deploy/ uses: maps merge recursively, a null
 * value removes a field, lists of containers, env, volumes, volume mounts and ports merge by their
 * merge key (an element {@code $patch: delete} removes the matching element), every other list is
 * replaced.
 */
public final class StrategicMerge {

  /** Field name → the key its list elements merge on (Kubernetes' patchMergeKey). */
  private static final Map<String, List<String>> MERGE_KEYS =
      Map.of(
          "containers", List.of("name"),
          "initContainers", List.of("name"),
          "env", List.of("name"),
          "volumes", List.of("name"),
          "volumeMounts", List.of("mountPath"),
          "ports", List.of("containerPort", "port"));

  private static final String DIRECTIVE = "$patch";

  private StrategicMerge() {}

  /** Applies {@code patch} to {@code target} in place. */
  public static void apply(ObjectNode target, ObjectNode patch) {
    for (Map.Entry<String, JsonNode> field : List.copyOf(patch.properties())) {
      String name = field.getKey();
      JsonNode value = field.getValue();
      if (name.equals(DIRECTIVE)) {
        throw new KustomizeException("unsupported patch directive inside an object: " + value);
      }
      JsonNode current = target.get(name);
      if (value.isNull()) {
        target.remove(name);
      } else if (value.isObject() && current != null && current.isObject()) {
        apply((ObjectNode) current, (ObjectNode) value);
      } else if (value.isArray()
          && current != null
          && current.isArray()
          && MERGE_KEYS.containsKey(name)) {
        mergeList((ArrayNode) current, (ArrayNode) value, MERGE_KEYS.get(name), name);
      } else {
        target.set(name, value.deepCopy());
      }
    }
  }

  private static void mergeList(
      ArrayNode current, ArrayNode patch, List<String> keyCandidates, String field) {
    for (JsonNode element : patch) {
      if (!element.isObject()) {
        throw new KustomizeException("list " + field + " holds a non-object: " + element);
      }
      String key =
          keyCandidates.stream()
              .filter(element::has)
              .findFirst()
              .orElseThrow(
                  () ->
                      new KustomizeException(
                          "an element of " + field + " has no merge key " + keyCandidates));
      int index = indexOf(current, key, element.get(key));
      boolean delete = "delete".equals(element.path(DIRECTIVE).asText());
      if (delete) {
        if (index < 0) {
          throw new KustomizeException("no " + field + " element with " + key + " to delete");
        }
        current.remove(index);
      } else if (index < 0) {
        current.add(element.deepCopy());
      } else {
        apply((ObjectNode) current.get(index), (ObjectNode) element);
      }
    }
  }

  private static int indexOf(ArrayNode list, String key, JsonNode value) {
    for (int i = 0; i < list.size(); i++) {
      if (value.equals(list.get(i).get(key))) {
        return i;
      }
    }
    return -1;
  }
}
