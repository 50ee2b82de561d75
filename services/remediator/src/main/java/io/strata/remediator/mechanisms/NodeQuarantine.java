package io.strata.remediator.mechanisms;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.remediator.core.cluster.TargetObject;
import io.strata.remediator.core.patch.KubeJson;
import java.util.Optional;

/**
 * CORDON_NODE as a quarantine Strata owns: its own NoSchedule taint, never {@code
 * spec.unschedulable}. The scheduler keeps every pod that does not tolerate the taint away from the
 * node, as a cordon does, while {@code spec.unschedulable} stays whatever a person, NVSentinel or a
 * maintenance ticket made it; the undo removes Strata's taint and nothing else, so it can never
 * uncordon a node someone else cordoned, before or after Strata. (A taint rather than the
 * unschedulable bit, because the bit has no owner: once Strata had set it, a later {@code kubectl
 * cordon} would change nothing visible and the undo could not tell.) Pods that tolerate every taint
 * ({@code operator: Exists} without a key) are not kept away; see docs/adr/009.
 *
 * <p>The patch replaces {@code spec.taints} (a merge patch replaces lists) and is sent with the
 * resourceVersion it was computed from, so a concurrent change of the taints fails with CONFLICT
 * and is recomputed, never overwritten.
 */
final class NodeQuarantine implements Mechanism {

  /** The taint key; its effect is NoSchedule. */
  static final String TAINT_KEY = "strata.io/quarantine";

  static final String EFFECT = "NoSchedule";

  @Override
  public String describe() {
    return "taint " + TAINT_KEY + ":" + EFFECT + " added to spec.taints";
  }

  @Override
  public Optional<String> unsupported(TargetObject live) {
    return hasQuarantine(live.body())
        ? Optional.of("already carries the " + TAINT_KEY + " taint")
        : Optional.empty();
  }

  @Override
  public ObjectNode forward(TargetObject live, RelatedObjects related) {
    ArrayNode taints = KubeJson.mapper().createArrayNode();
    for (JsonNode taint : live.at("spec", "taints")) {
      if (!isQuarantine(taint)) {
        taints.add(taint.deepCopy());
      }
    }
    taints.addObject().put("key", TAINT_KEY).put("effect", EFFECT);
    ObjectNode patch = KubeJson.object();
    patch.putObject("spec").set("taints", taints);
    return patch;
  }

  /** The live taints without Strata's, whatever else was added or removed meanwhile. */
  @Override
  public ObjectNode undo(TargetObject live, ObjectNode forward, ObjectNode inverse) {
    ArrayNode kept = KubeJson.mapper().createArrayNode();
    for (JsonNode taint : live.at("spec", "taints")) {
      if (!isQuarantine(taint)) {
        kept.add(taint.deepCopy());
      }
    }
    ObjectNode patch = KubeJson.object();
    patch.putObject("spec").set("taints", kept.isEmpty() ? NullNode.getInstance() : kept);
    return patch;
  }

  static boolean hasQuarantine(JsonNode node) {
    for (JsonNode taint : node.path("spec").path("taints")) {
      if (isQuarantine(taint)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isQuarantine(JsonNode taint) {
    return TAINT_KEY.equals(taint.path("key").asText())
        && EFFECT.equals(taint.path("effect").asText());
  }
}
