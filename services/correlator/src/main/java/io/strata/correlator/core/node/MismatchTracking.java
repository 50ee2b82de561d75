package io.strata.correlator.core.node;

import io.strata.correlator.core.request.Transition;
import io.strata.correlator.core.state.MismatchState;
import io.strata.events.device.DeviceFinding;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.FindingReason;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The grace period of an ownership disagreement: it is reported once it has lasted {@code grace},
 * as one OWNERSHIP_MISMATCH finding, and a RESOLVED finding with the same id follows when the
 * exporter and Kubernetes agree again.
 */
public final class MismatchTracking {

  /** No disagreement and nothing to report: what nearly every sample comes to, shared. */
  static final Transition<MismatchState, DeviceFinding> AGREED = Transition.of(null);

  private MismatchTracking() {}

  /**
   * The GPU's mismatch state after a sample (null when they agree), and the finding to publish, if
   * any.
   *
   * @param current the disagreement in progress, null when none
   * @param reason this sample's disagreement, empty when they agree
   * @param kubernetes what Kubernetes says holds the GPU, null when nothing
   */
  public static Transition<MismatchState, DeviceFinding> track(
      MismatchState current,
      DeviceSample sample,
      Optional<FindingReason> reason,
      KubernetesOwner kubernetes,
      Instant at,
      Duration grace) {
    if (reason.isEmpty()) {
      return current != null && current.reported()
          ? Transition.of(
              null, OwnershipFindings.resolved(current.findingId(), sample, current.reason(), at))
          : AGREED;
    }
    MismatchState state =
        current == null || current.reason() != reason.get()
            ? new MismatchState(reason.get(), at, false, null)
            : current;
    if (state.reported() || at.isBefore(state.since().plus(grace))) {
      return Transition.of(state);
    }
    String findingId = OwnershipFindings.findingId(sample, state.since());
    return Transition.of(
        new MismatchState(state.reason(), state.since(), true, findingId),
        OwnershipFindings.mismatch(
            findingId, sample, state.reason(), kubernetes, state.since(), at));
  }
}
