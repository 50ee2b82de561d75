package io.strata.remediator.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionType;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** The forward patch of an action, computed from the live object it changes. */
public final class PatchFactory {

  static final String KNATIVE_MIN_SCALE = "autoscaling.knative.dev/min-scale";
  static final String KNATIVE_GENERATION = "serving.knative.dev/configurationGeneration";

  private final PatchSettings settings;

  public PatchFactory(PatchSettings settings) {
    this.settings = settings;
  }

  /**
   * @param revisions the Knative Service's Revisions, needed only by ROLLBACK_MODEL_VERSION
   */
  public ObjectNode forward(ActionType type, TargetObject target, List<ObjectNode> revisions)
      throws PatchRefusal {
    String kind = target.ref().kind();
    boolean knative = TargetGateway.KNATIVE_API_VERSION.equals(target.ref().apiVersion());
    return switch (type) {
      case CORDON_NODE -> {
        requireKind(type, kind, TargetGateway.NODE_KIND);
        ObjectNode patch = KubeJson.object();
        patch.putObject("spec").put("unschedulable", true);
        yield patch;
      }
      case LOWER_CONCURRENCY ->
          knative ? knativeConcurrency(target) : deploymentConcurrency(type, target);
      case PAUSE_NEW_BATCHES -> {
        requirePausable(type, target);
        ObjectNode patch = KubeJson.object();
        patch
            .putObject("metadata")
            .putObject("annotations")
            .put(settings.pauseAnnotation(), "true");
        yield patch;
      }
      case SCALE_OUT -> knative ? knativeScaleOut(target) : deploymentScaleOut(type, target);
      case ROLLBACK_MODEL_VERSION ->
          knative ? knativeRollback(target, revisions) : deploymentRollback(type, target);
      default ->
          throw new PatchRefusal(
              ActionOutcomeReason.PERMANENT_API_ERROR, type + " has no forward patch");
    };
  }

  private ObjectNode knativeConcurrency(TargetObject target) {
    int current = target.at("spec", "template", "spec", "containerConcurrency").asInt(0);
    ObjectNode patch = KubeJson.object();
    patch
        .putObject("spec")
        .putObject("template")
        .putObject("spec")
        .put("containerConcurrency", lowered(current));
    return patch;
  }

  private ObjectNode deploymentConcurrency(ActionType type, TargetObject target)
      throws PatchRefusal {
    requireKind(type, target.ref().kind(), TargetGateway.DEPLOYMENT_KIND);
    ObjectNode patch = KubeJson.object();
    if (settings.deploymentConcurrencyMode() == DeploymentConcurrencyMode.REPLICAS) {
      int replicas = target.at("spec", "replicas").asInt(1);
      patch.putObject("spec").put("replicas", Math.max(1, lowered(replicas)));
    } else {
      int current = parseInt(target.annotation(settings.concurrencyAnnotation())).orElse(0);
      patch
          .putObject("metadata")
          .putObject("annotations")
          .put(settings.concurrencyAnnotation(), Integer.toString(lowered(current)));
    }
    return patch;
  }

  private ObjectNode knativeScaleOut(TargetObject target) {
    JsonNode minScale =
        target.at("spec", "template", "metadata", "annotations").path(KNATIVE_MIN_SCALE);
    int current =
        parseInt(minScale.isTextual() ? Optional.of(minScale.asText()) : Optional.empty())
            .orElse(1);
    ObjectNode patch = KubeJson.object();
    patch
        .putObject("spec")
        .putObject("template")
        .putObject("metadata")
        .putObject("annotations")
        .put(KNATIVE_MIN_SCALE, Integer.toString(Math.max(1, current) + settings.scaleOutStep()));
    return patch;
  }

  private ObjectNode deploymentScaleOut(ActionType type, TargetObject target) throws PatchRefusal {
    requireKind(type, target.ref().kind(), TargetGateway.DEPLOYMENT_KIND);
    int replicas = target.at("spec", "replicas").asInt(1);
    ObjectNode patch = KubeJson.object();
    patch.putObject("spec").put("replicas", replicas + settings.scaleOutStep());
    return patch;
  }

  private ObjectNode knativeRollback(TargetObject target, List<ObjectNode> revisions)
      throws PatchRefusal {
    String latest = target.at("status", "latestReadyRevisionName").asText("");
    long latestGeneration =
        revisions.stream()
            .filter(r -> latest.equals(r.path("metadata").path("name").asText()))
            .mapToLong(PatchFactory::generation)
            .findFirst()
            .orElseThrow(
                () ->
                    new PatchRefusal(
                        ActionOutcomeReason.TARGET_NOT_FOUND,
                        "latest ready revision '" + latest + "' not found"));
    ObjectNode previous =
        revisions.stream()
            .filter(r -> generation(r) < latestGeneration)
            .max(Comparator.comparingLong(PatchFactory::generation))
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

  private ObjectNode deploymentRollback(ActionType type, TargetObject target) throws PatchRefusal {
    requireKind(type, target.ref().kind(), TargetGateway.DEPLOYMENT_KIND);
    String previous =
        target
            .annotation(settings.previousModelVersionAnnotation())
            .orElseThrow(
                () ->
                    new PatchRefusal(
                        ActionOutcomeReason.TARGET_NOT_FOUND,
                        "Deployment has no " + settings.previousModelVersionAnnotation()));
    ObjectNode patch = KubeJson.object();
    patch
        .putObject("spec")
        .putObject("template")
        .putObject("metadata")
        .putObject("labels")
        .put(settings.modelVersionLabel(), previous);
    return patch;
  }

  private int lowered(int current) {
    if (current <= 0) {
      return settings.fallbackConcurrency();
    }
    return Math.max(1, (int) Math.floor(current * settings.concurrencyFactor()));
  }

  private static long generation(ObjectNode revision) {
    JsonNode label = revision.path("metadata").path("labels").path(KNATIVE_GENERATION);
    return parseInt(label.isTextual() ? Optional.of(label.asText()) : Optional.empty())
        .map(Integer::longValue)
        .orElse(-1L);
  }

  private static Optional<Integer> parseInt(Optional<String> text) {
    try {
      return text.map(String::trim).map(Integer::parseInt);
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  private static void requireKind(ActionType type, String kind, String expected)
      throws PatchRefusal {
    if (!expected.equals(kind)) {
      throw new PatchRefusal(
          ActionOutcomeReason.PERMANENT_API_ERROR, type + " does not apply to a " + kind);
    }
  }

  /** The batcher honours the pause annotation on its workload object or on a single pod. */
  private static void requirePausable(ActionType type, TargetObject target) throws PatchRefusal {
    String kind = target.ref().kind();
    if (TargetGateway.NODE_KIND.equals(kind)) {
      throw new PatchRefusal(
          ActionOutcomeReason.PERMANENT_API_ERROR, type + " needs a workload or a pod");
    }
  }
}
