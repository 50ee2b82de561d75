package io.strata.correlator.core.node;

import io.strata.correlator.core.request.Transition;
import io.strata.correlator.core.state.MismatchState;
import io.strata.correlator.core.state.NodeView;
import io.strata.events.device.DeviceFinding;
import io.strata.events.device.DeviceSample;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Whether a scrape target's exporter attributes the GPUs Kubernetes allocated through DRA
 * ResourceClaims. Only a sample of a GPU a claim holds (and that names its target) says anything
 * about it: it either labels the claim or lacks the exporter's DRA mapping. The state is kept per
 * target on the node's view; one EXPORTER_WITHOUT_DRA_ATTRIBUTION finding per target after the
 * grace, resolved when a sample of the target labels a DRA-held GPU's claim again (see {@link
 * DraAttribution}).
 */
public final class ClaimAttribution {

  private final Duration grace;

  public ClaimAttribution(Duration grace) {
    this.grace = grace;
  }

  /**
   * @param kubernetes who Kubernetes says holds the sample's GPU
   * @param lacking the exporter labels no claim for it ({@link OwnershipMismatch.Checked})
   * @return the view with the target's state, and the finding (keyed cluster/target), if any
   */
  public Transition<NodeView, NodeForward> track(
      NodeView view,
      DeviceSample sample,
      Optional<KubernetesOwner> kubernetes,
      boolean lacking,
      Instant at) {
    if (sample.target() == null || kubernetes.map(KubernetesOwner::claimName).isEmpty()) {
      return Transition.of(view);
    }
    Transition<MismatchState, DeviceFinding> tracked =
        DraAttribution.track(view.targets().get(sample.target()), sample, lacking, at, grace);
    NodeView next = view.withTarget(sample.target(), tracked.next());
    return tracked.emits().isEmpty()
        ? Transition.of(next)
        : Transition.of(
            next,
            new NodeForward.Finding(
                sample.cluster() + "/" + sample.target(), tracked.emits().get(0)));
  }
}
