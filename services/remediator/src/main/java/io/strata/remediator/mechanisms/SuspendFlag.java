package io.strata.remediator.mechanisms;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.remediator.core.cluster.TargetObject;
import io.strata.remediator.core.patch.KubeJson;
import java.util.Optional;

/**
 * PAUSE_NEW_BATCHES on a batch/v1 Job or a jobset.x-k8s.io JobSet: {@code spec.suspend: true}. The
 * Job controller starts no pod of a suspended Job, and terminates its running ones (they start
 * again on resume, so the training must checkpoint); the JobSet controller suspends its Jobs. The
 * undo sets it back to what it was, only while it is still true. A Job admitted through a Kueue
 * LocalQueue is held at its queue instead ({@link KueueHold}), which lets running pods finish.
 */
final class SuspendFlag implements Mechanism {

  private final String kind;

  SuspendFlag(String kind) {
    this.kind = kind;
  }

  @Override
  public String describe() {
    return "spec.suspend=true on the " + kind;
  }

  @Override
  public Optional<String> unsupported(TargetObject live) {
    return live.at("spec", "suspend").asBoolean(false)
        ? Optional.of("is already suspended")
        : Optional.empty();
  }

  @Override
  public ObjectNode forward(TargetObject live, RelatedObjects related) {
    ObjectNode patch = KubeJson.object();
    patch.putObject("spec").put("suspend", true);
    return patch;
  }
}
