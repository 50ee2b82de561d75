package io.strata.remediator.mechanisms;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.remediator.core.patch.PatchRefusal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The leaves of a merge patch, compared with a live object. */
final class Leaves {

  private Leaves() {}

  /**
   * Refuses with CHANGED_BY_OTHERS when a field the forward patch set no longer holds the value it
   * set (a deleted field must still be absent). Marker annotations are not part of a forward patch.
   */
  static void requireUnchanged(ObjectNode forward, JsonNode live) throws PatchRefusal {
    List<String> changed = new ArrayList<>();
    collect(forward, live, "", changed);
    if (!changed.isEmpty()) {
      throw new PatchRefusal(
          ActionOutcomeReason.CHANGED_BY_OTHERS,
          "changed since Strata set it, left as it is: " + String.join(", ", changed));
    }
  }

  private static void collect(ObjectNode patch, JsonNode live, String path, List<String> out) {
    for (Map.Entry<String, JsonNode> field : patch.properties()) {
      String at = path + "." + field.getKey();
      JsonNode now = live == null ? null : live.get(field.getKey());
      JsonNode set = field.getValue();
      if (set instanceof ObjectNode nested) {
        collect(nested, now, at, out);
      } else if (set.isNull()) {
        if (now != null && !now.isNull()) {
          out.add(at.substring(1) + "=" + now);
        }
      } else if (now == null || !sameValue(set, now)) {
        out.add(at.substring(1) + "=" + (now == null ? "absent" : now.toString()));
      }
    }
  }

  /** Numbers compare by value (the API server may echo 2 as 2.0 through generic resources). */
  private static boolean sameValue(JsonNode a, JsonNode b) {
    if (a.isNumber() && b.isNumber()) {
      return a.decimalValue().compareTo(b.decimalValue()) == 0;
    }
    return a.equals(b);
  }
}
