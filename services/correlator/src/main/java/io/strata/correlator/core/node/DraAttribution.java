package io.strata.correlator.core.node;

import io.strata.correlator.core.incident.IncidentIds;
import io.strata.correlator.core.request.Transition;
import io.strata.correlator.core.state.MismatchState;
import io.strata.events.device.DeviceFinding;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.FindingKind;
import io.strata.events.device.FindingReason;
import io.strata.events.incident.IncidentClass;
import java.time.Duration;
import java.time.Instant;

/**
 * An exporter whose DRA mapping is off labels no claim for any GPU Kubernetes allocated through a
 * DRA claim. That is one fact about the scrape target, so it is one finding per target (after the
 * mismatch grace), resolved when a sample of that target labels the claim of a DRA-held GPU; a real
 * per-GPU disagreement is still a per-GPU OWNERSHIP_MISMATCH.
 */
public final class DraAttribution {

  private DraAttribution() {}

  /**
   * @param current the target's state, null when no lack of attribution is in progress
   * @param lacking whether this sample of a DRA-held GPU lacks the exporter's claim labels
   */
  public static Transition<MismatchState, DeviceFinding> track(
      MismatchState current, DeviceSample sample, boolean lacking, Instant at, Duration grace) {
    if (!lacking) {
      return current != null && current.reported()
          ? Transition.of(
              null, finding(current.findingId(), FindingKind.RESOLVED, sample, at, null))
          : MismatchTracking.AGREED;
    }
    MismatchState state =
        current == null
            ? new MismatchState(FindingReason.EXPORTER_WITHOUT_DRA_ATTRIBUTION, at, false, null)
            : current;
    if (state.reported() || at.isBefore(state.since().plus(grace))) {
      return Transition.of(state);
    }
    String id =
        IncidentIds.of(IncidentClass.OWNERSHIP_MISMATCH, sample.cluster(), sample.target(), 1)
            .replaceFirst("^inc-", "dra-")
            .replaceFirst("-1$", "-" + state.since().toEpochMilli());
    return Transition.of(
        new MismatchState(state.reason(), state.since(), true, id),
        finding(id, FindingKind.OWNERSHIP_MISMATCH, sample, at, state.since()));
  }

  private static DeviceFinding finding(
      String id, FindingKind kind, DeviceSample sample, Instant at, Instant since) {
    String message =
        kind == FindingKind.RESOLVED
            ? "exporter at " + sample.target() + " labels the DRA claims of its GPUs again"
            : "exporter at "
                + sample.target()
                + " labels no DRA claim for GPUs Kubernetes allocated through DRA claims (since "
                + since
                + "): enable its DRA mapping; the Kubernetes view of those GPUs is used";
    return new DeviceFinding(
        id,
        kind,
        FindingReason.EXPORTER_WITHOUT_DRA_ATTRIBUTION,
        sample.cluster(),
        sample.node(),
        sample.target(),
        null,
        message,
        null,
        DeviceOwner.none(),
        null,
        null,
        0,
        at);
  }
}
