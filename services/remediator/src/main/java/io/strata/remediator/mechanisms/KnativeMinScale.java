package io.strata.remediator.mechanisms;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.remediator.core.cluster.TargetObject;
import io.strata.remediator.core.patch.KubeJson;

/** SCALE_OUT of a Knative Service: the revision template's min-scale annotation plus a step. */
final class KnativeMinScale implements Mechanism {

  static final String MIN_SCALE = "autoscaling.knative.dev/min-scale";

  private final int step;

  KnativeMinScale(int step) {
    this.step = step;
  }

  @Override
  public String describe() {
    return "spec.template annotation " + MIN_SCALE + " + " + step;
  }

  @Override
  public ObjectNode forward(TargetObject live, RelatedObjects related) {
    JsonNode minScale = live.at("spec", "template", "metadata", "annotations", MIN_SCALE);
    int current = 1;
    try {
      current = minScale.isTextual() ? Integer.parseInt(minScale.asText().trim()) : 1;
    } catch (NumberFormatException e) {
      // An unreadable min-scale counts as the default of one.
    }
    ObjectNode patch = KubeJson.object();
    patch
        .putObject("spec")
        .putObject("template")
        .putObject("metadata")
        .putObject("annotations")
        .put(MIN_SCALE, Integer.toString(Math.max(1, current) + step));
    return patch;
  }
}
