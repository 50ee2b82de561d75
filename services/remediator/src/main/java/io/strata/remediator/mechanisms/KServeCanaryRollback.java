package io.strata.remediator.mechanisms;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.remediator.core.cluster.TargetObject;
import io.strata.remediator.core.patch.KubeJson;
import java.util.Optional;

/**
 * ROLLBACK_MODEL_VERSION of a KServe InferenceService during a canary rollout: {@code
 * spec.predictor.canaryTrafficPercent: 0}. KServe splits traffic between the last rolled-out
 * revision and the canary by that field (serverless mode), so 0 sends every request back to the
 * last good revision while the canary stays deployed (KServe docs, "Canary Rollout Strategy").
 * Without a canary in progress there is nothing KServe can roll back to, and the action is not
 * proposed.
 */
final class KServeCanaryRollback implements Mechanism {

  @Override
  public String describe() {
    return "spec.predictor.canaryTrafficPercent=0";
  }

  @Override
  public Optional<String> unsupported(TargetObject live) {
    int percent = live.at("spec", "predictor", "canaryTrafficPercent").asInt(0);
    return percent > 0 && percent < 100
        ? Optional.empty()
        : Optional.of("has no canary rollout in progress (spec.predictor.canaryTrafficPercent)");
  }

  @Override
  public ObjectNode forward(TargetObject live, RelatedObjects related) {
    ObjectNode patch = KubeJson.object();
    patch.putObject("spec").putObject("predictor").put("canaryTrafficPercent", 0);
    return patch;
  }
}
