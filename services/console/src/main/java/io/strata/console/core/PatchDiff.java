package io.strata.console.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An action's JSON merge patch (RFC 7386) as a diff against the inverse patch the remediator
 * recorded before running it: for every leaf the patch sets, the value before ({@code -}, from the
 * inverse patch) and after ({@code +}). A null in a merge patch deletes the member.
 */
final class PatchDiff {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** One changed member: its path (for example {@code spec.unschedulable}) and both values. */
  record Line(String path, String before, String after) {}

  private PatchDiff() {}

  static List<Line> of(String patch, String inversePatch) {
    List<Line> lines = new ArrayList<>();
    JsonNode after = parse(patch);
    JsonNode before = parse(inversePatch);
    if (after == null) {
      if (patch != null && !patch.isBlank()) {
        // Not JSON: show it as it is rather than hide what would be applied.
        lines.add(new Line("(patch, not JSON)", "", patch));
      }
      return lines;
    }
    walk("", after, before, lines);
    return lines;
  }

  /** The diff as unified-diff-like text, one {@code -}/{@code +} pair per member. */
  static List<String> text(List<Line> lines) {
    List<String> text = new ArrayList<>();
    for (Line line : lines) {
      text.add("- " + line.path() + ": " + line.before());
      text.add("+ " + line.path() + ": " + line.after());
    }
    return text;
  }

  private static void walk(String path, JsonNode after, JsonNode before, List<Line> lines) {
    if (after.isObject() && after.size() > 0) {
      for (Map.Entry<String, JsonNode> field : after.properties()) {
        JsonNode beforeChild = before == null ? null : before.get(field.getKey());
        walk(
            path.isEmpty() ? field.getKey() : path + "." + field.getKey(),
            field.getValue(),
            beforeChild,
            lines);
      }
      return;
    }
    lines.add(new Line(path, show(before), show(after)));
  }

  private static String show(JsonNode node) {
    if (node == null || node.isNull()) {
      return "(absent)";
    }
    return node.toString();
  }

  private static JsonNode parse(String json) {
    if (json == null || json.isBlank()) {
      return null;
    }
    try {
      return JSON.readTree(json);
    } catch (java.io.IOException e) {
      return null;
    }
  }
}
