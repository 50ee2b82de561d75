package io.strata.remediator.mechanisms;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.remediator.core.cluster.TargetObject;
import io.strata.remediator.core.patch.KubeJson;
import java.util.Optional;

/**
 * PAUSE_NEW_BATCHES on a Kueue LocalQueue (kueue.x-k8s.io v1beta2, or v1beta1 where that is all the
 * cluster serves): {@code spec.stopPolicy: Hold}. Kueue admits no new Workload from a held queue
 * and lets admitted ones run to completion (HoldAndDrain would evict them, so it is not used).
 * Field and values the same in both versions (StopPolicy None, Hold, HoldAndDrain;
 * apis/kueue/v1beta1, added by kubernetes-sigs/kueue#2173, and apis/kueue/v1beta2). The undo puts
 * back the previous policy while the queue is still held. It holds every workload of that queue,
 * which the plan names.
 */
final class KueueHold implements Mechanism {

  static final String HOLD = "Hold";

  @Override
  public String describe() {
    return "spec.stopPolicy=Hold on the Kueue LocalQueue";
  }

  @Override
  public Optional<String> unsupported(TargetObject live) {
    String policy = live.at("spec", "stopPolicy").asText("None");
    return policy.equals("None") || policy.isEmpty()
        ? Optional.empty()
        : Optional.of("is already stopped (stopPolicy " + policy + ")");
  }

  @Override
  public ObjectNode forward(TargetObject live, RelatedObjects related) {
    ObjectNode patch = KubeJson.object();
    patch.putObject("spec").put("stopPolicy", HOLD);
    return patch;
  }
}
