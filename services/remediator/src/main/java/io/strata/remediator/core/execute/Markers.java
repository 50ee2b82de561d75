package io.strata.remediator.core.execute;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.remediator.core.cluster.TargetObject;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The idempotency marker: every patch also writes the action id into annotations of the patched
 * object, in the same atomic update, so a retry can tell that the patch already landed.
 */
public final class Markers {

  /** The id of the last action applied to the object. */
  public static final String ACTION_ID = "strata.io/action-id";

  /** The ids of the last {@value #HISTORY_SIZE} actions applied, space separated. */
  public static final String ACTION_HISTORY = "strata.io/action-history";

  static final int HISTORY_SIZE = 20;

  private Markers() {}

  public static boolean applied(TargetObject object, String actionId) {
    if (object.annotation(ACTION_ID).filter(actionId::equals).isPresent()) {
      return true;
    }
    return history(object).contains(actionId);
  }

  /** {@code patch} plus the marker annotations, leaving the caller's tree untouched. */
  public static ObjectNode withMarker(ObjectNode patch, TargetObject current, String actionId) {
    List<String> ids = new ArrayList<>(history(current));
    ids.add(actionId);
    List<String> kept = ids.subList(Math.max(0, ids.size() - HISTORY_SIZE), ids.size());
    ObjectNode marked = patch.deepCopy();
    ObjectNode metadata =
        marked.has("metadata") ? (ObjectNode) marked.get("metadata") : marked.putObject("metadata");
    ObjectNode annotations =
        metadata.has("annotations")
            ? (ObjectNode) metadata.get("annotations")
            : metadata.putObject("annotations");
    annotations.put(ACTION_ID, actionId);
    annotations.put(ACTION_HISTORY, String.join(" ", kept));
    return marked;
  }

  private static List<String> history(TargetObject object) {
    return object
        .annotation(ACTION_HISTORY)
        .map(h -> Arrays.stream(h.trim().split("\\s+")).filter(s -> !s.isEmpty()).toList())
        .orElse(List.of());
  }
}
