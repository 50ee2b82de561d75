package io.strata.correlator.core.node;

import io.strata.correlator.core.request.Transition;
import io.strata.correlator.core.state.GpuView;
import io.strata.correlator.core.state.MismatchState;
import io.strata.correlator.core.state.NodeView;
import io.strata.events.device.DeviceFinding;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.FindingReason;
import io.strata.events.topic.Keys;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * One sample's ownership check: who Kubernetes says holds the GPU (its pods' allocations and the
 * node's DRA claims), whether the exporter's labels disagree, and the GPU's OWNERSHIP_MISMATCH in
 * progress (reported after the grace, resolved when they agree again, see {@link
 * MismatchTracking}). An exporter that labels no claim for a DRA-held GPU is a fact about its
 * scrape target, not a disagreement about this GPU: it is handed to {@link ClaimAttribution}
 * instead.
 */
public final class OwnershipMismatch {

  /**
   * The GPU as a sample's check leaves it, with what the check found that the node's next rules
   * need.
   *
   * @param gpu the GPU with its mismatch state after the sample
   * @param kubernetes who Kubernetes says holds the GPU
   * @param lacksDraAttribution the exporter labels no claim for a GPU held through a DRA claim
   */
  public record Checked(
      GpuView gpu, Optional<KubernetesOwner> kubernetes, boolean lacksDraAttribution) {}

  private final OwnershipCheck check;
  private final Duration grace;

  /**
   * @param reportExporterWithoutOwner whether an exporter that names nobody for a GPU Kubernetes
   *     allocated is a disagreement
   * @param grace how long a disagreement lasts before it is reported
   */
  public OwnershipMismatch(boolean reportExporterWithoutOwner, Duration grace) {
    this.check = new OwnershipCheck(reportExporterWithoutOwner);
    this.grace = grace;
  }

  /**
   * The GPU checked, and the finding to publish (keyed cluster/node/gpu), if any.
   *
   * @param view the node's pods and claims
   * @param gpu the GPU the sample is of, its mismatch in progress included
   */
  public Transition<Checked, NodeForward.Finding> check(
      NodeView view, GpuView gpu, DeviceSample sample, Instant at) {
    Optional<KubernetesOwner> kubernetes =
        OwnershipCheck.kubernetesOwner(
            sample.cluster(), sample.gpuUuid(), view.pods(), view.claims());
    Optional<FindingReason> reason =
        check.compare(sample.cluster(), sample.owner(), kubernetes, view.pods(), view.claims());
    boolean lacksDra =
        reason.filter(FindingReason.EXPORTER_WITHOUT_DRA_ATTRIBUTION::equals).isPresent();
    Transition<MismatchState, DeviceFinding> tracked =
        MismatchTracking.track(
            gpu.mismatch(),
            sample,
            lacksDra ? Optional.empty() : reason,
            kubernetes.orElse(null),
            at,
            grace);
    Checked checked = new Checked(gpu.withMismatch(tracked.next()), kubernetes, lacksDra);
    if (tracked.emits().isEmpty()) {
      return Transition.of(checked);
    }
    return Transition.of(
        checked,
        new NodeForward.Finding(
            Keys.gpu(sample.cluster(), sample.node(), sample.gpuUuid()), tracked.emits().get(0)));
  }
}
