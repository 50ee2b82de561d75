package io.strata.remediator.mechanisms;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.remediator.core.cluster.TargetException;
import io.strata.remediator.core.cluster.TargetObject;
import io.strata.remediator.core.patch.KubeJson;
import io.strata.remediator.core.patch.PatchRefusal;
import java.util.Comparator;
import java.util.List;

/**
 * ROLLBACK_MODEL_VERSION of a Knative Service: {@code spec.traffic} 100 % to the Revision before
 * {@code status.latestReadyRevisionName}, ordered by the {@code
 * serving.knative.dev/configurationGeneration} label Knative puts on every Revision.
 */
final class KnativeTrafficRollback implements Mechanism {

  static final String GENERATION = "serving.knative.dev/configurationGeneration";

  @Override
  public String describe() {
    return "spec.traffic 100 % to the previous Revision";
  }

  @Override
  public ObjectNode forward(TargetObject live, RelatedObjects related)
      throws PatchRefusal, TargetException {
    List<ObjectNode> revisions =
        related.knativeRevisions(live.ref().namespace(), live.ref().name());
    String latest = live.at("status", "latestReadyRevisionName").asText("");
    long latestGeneration =
        revisions.stream()
            .filter(r -> latest.equals(r.path("metadata").path("name").asText()))
            .mapToLong(KnativeTrafficRollback::generation)
            .findFirst()
            .orElseThrow(
                () ->
                    new PatchRefusal(
                        ActionOutcomeReason.TARGET_NOT_FOUND,
                        "latest ready revision '" + latest + "' not found"));
    ObjectNode previous =
        revisions.stream()
            .filter(r -> generation(r) < latestGeneration)
            .max(Comparator.comparingLong(KnativeTrafficRollback::generation))
            .orElseThrow(
                () ->
                    new PatchRefusal(
                        ActionOutcomeReason.TARGET_NOT_FOUND,
                        "no revision older than " + latest + " to roll back to"));
    ObjectNode patch = KubeJson.object();
    ObjectNode route = patch.putObject("spec").putArray("traffic").addObject();
    route.put("revisionName", previous.path("metadata").path("name").asText());
    route.put("percent", 100);
    return patch;
  }

  private static long generation(ObjectNode revision) {
    JsonNode label = revision.path("metadata").path("labels").path(GENERATION);
    try {
      return label.isTextual() ? Long.parseLong(label.asText().trim()) : -1L;
    } catch (NumberFormatException e) {
      return -1L;
    }
  }
}
