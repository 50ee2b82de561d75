package io.strata.remediator.mechanisms;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.remediator.core.cluster.TargetObject;
import io.strata.remediator.core.patch.KubeJson;
import java.util.Optional;

/**
 * {@code spec.replicas} of a Deployment moved by a bounded step: down for LOWER_CONCURRENCY (fewer
 * replicas, fewer requests in flight against the shared GPUs; never below one), up for SCALE_OUT.
 * The undo restores the exact previous count, and only while the Deployment still has the count
 * Strata set: if a person or an autoscaler changed it meanwhile, the undo is refused and says so.
 */
final class ReplicaStep implements Mechanism {

  private final int step;

  /** {@code step} below zero scales down. */
  ReplicaStep(int step) {
    this.step = step;
  }

  @Override
  public String describe() {
    return "spec.replicas " + (step < 0 ? "- " + -step + " (at least 1)" : "+ " + step);
  }

  @Override
  public Optional<String> unsupported(TargetObject live) {
    int replicas = live.at("spec", "replicas").asInt(1);
    return step < 0 && replicas <= 1
        ? Optional.of("runs " + replicas + " replica; scaling it down would stop the service")
        : Optional.empty();
  }

  @Override
  public ObjectNode forward(TargetObject live, RelatedObjects related) {
    int replicas = live.at("spec", "replicas").asInt(1);
    ObjectNode patch = KubeJson.object();
    patch.putObject("spec").put("replicas", Math.max(1, replicas + step));
    return patch;
  }
}
