package io.strata.remediator.mechanisms;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.remediator.core.cluster.TargetException;
import io.strata.remediator.core.cluster.TargetObject;
import io.strata.remediator.core.patch.KubeJson;
import io.strata.remediator.core.patch.MergePatches;
import io.strata.remediator.core.patch.PatchRefusal;
import java.util.Comparator;
import java.util.List;

/**
 * ROLLBACK_MODEL_VERSION of a Deployment through its rollout history, as {@code kubectl rollout
 * undo} does: the Deployment controller numbers each ReplicaSet it creates with the {@code
 * deployment.kubernetes.io/revision} annotation and keeps old ones (revisionHistoryLimit); the pod
 * template of the one before the current revision, without the controller's {@code
 * pod-template-hash} label, becomes the Deployment's template again and the controller rolls the
 * pods back to it. The patch is the merge-patch difference of the two templates, so fields the
 * newer template added are removed; the undo restores the template Strata replaced, only while
 * nobody has rolled out anything else since.
 */
final class ReplicaSetRollback implements Mechanism {

  static final String REVISION = "deployment.kubernetes.io/revision";
  static final String HASH = "pod-template-hash";

  @Override
  public String describe() {
    return "spec.template = the previous revision's ReplicaSet template";
  }

  @Override
  public ObjectNode forward(TargetObject live, RelatedObjects related)
      throws PatchRefusal, TargetException {
    List<ObjectNode> history = related.replicaSets(live.ref().namespace(), live.ref().name());
    long current =
        revision(live.body())
            .orElse(history.stream().mapToLong(r -> revision(r).orElse(-1L)).max().orElse(-1L));
    ObjectNode previous =
        history.stream()
            .filter(r -> revision(r).orElse(-1L) < current && revision(r).orElse(-1L) > 0)
            .max(Comparator.comparingLong(r -> revision(r).orElse(-1L)))
            .orElseThrow(
                () ->
                    new PatchRefusal(
                        ActionOutcomeReason.TARGET_NOT_FOUND,
                        "no ReplicaSet older than revision " + current + " to roll back to"));
    ObjectNode template = previous.path("spec").path("template").deepCopy();
    if (template.path("metadata").path("labels") instanceof ObjectNode labels) {
      labels.remove(HASH);
    }
    ObjectNode patch = KubeJson.object();
    patch
        .putObject("spec")
        .set("template", MergePatches.diff(live.at("spec", "template"), template));
    return patch;
  }

  private static java.util.Optional<Long> revision(JsonNode object) {
    JsonNode value = object.path("metadata").path("annotations").path(REVISION);
    try {
      return value.isTextual()
          ? java.util.Optional.of(Long.parseLong(value.asText().trim()))
          : java.util.Optional.empty();
    } catch (NumberFormatException e) {
      return java.util.Optional.empty();
    }
  }
}
