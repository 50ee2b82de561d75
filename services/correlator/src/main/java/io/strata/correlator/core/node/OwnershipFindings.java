package io.strata.correlator.core.node;

import io.strata.correlator.core.incident.IncidentIds;
import io.strata.events.device.DeviceFinding;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.FindingKind;
import io.strata.events.device.FindingReason;
import io.strata.events.incident.IncidentClass;
import java.time.Instant;

/** Builds the OWNERSHIP_MISMATCH finding and its RESOLVED counterpart. */
public final class OwnershipFindings {

  private OwnershipFindings() {}

  /** Stable per GPU and episode, so the resolution names the finding it closes. */
  public static String findingId(DeviceSample sample, Instant since) {
    return IncidentIds.of(
            IncidentClass.OWNERSHIP_MISMATCH,
            sample.cluster(),
            sample.node() + "/" + sample.gpuUuid(),
            1)
        .replaceFirst("^inc-", "own-")
        .replaceFirst("-1$", "-" + since.toEpochMilli());
  }

  public static DeviceFinding mismatch(
      String findingId,
      DeviceSample sample,
      FindingReason reason,
      KubernetesOwner kubernetes,
      Instant since,
      Instant at) {
    DeviceOwner exporter = sample.owner();
    String message =
        "exporter says "
            + describe(exporter)
            + ", Kubernetes says "
            + (kubernetes == null ? "nobody" : describe(kubernetes.toDeviceOwner()))
            + " since "
            + since;
    return new DeviceFinding(
        findingId,
        FindingKind.OWNERSHIP_MISMATCH,
        reason,
        sample.cluster(),
        sample.node(),
        sample.target(),
        sample.gpuUuid(),
        message,
        null,
        exporter,
        kubernetes == null ? DeviceOwner.none() : kubernetes.toDeviceOwner(),
        null,
        0,
        at);
  }

  public static DeviceFinding resolved(
      String findingId, DeviceSample sample, FindingReason reason, Instant at) {
    return new DeviceFinding(
        findingId,
        FindingKind.RESOLVED,
        reason,
        sample.cluster(),
        sample.node(),
        sample.target(),
        sample.gpuUuid(),
        "exporter and Kubernetes agree again on the holder of " + sample.gpuUuid(),
        null,
        sample.owner(),
        null,
        null,
        0,
        at);
  }

  private static String describe(DeviceOwner owner) {
    if (owner.hasPod()) {
      return "pod "
          + owner.namespace()
          + "/"
          + owner.pod()
          + (owner.hasClaim() ? " claim " + owner.draClaimName() : "");
    }
    if (owner.hasClaim()) {
      return "claim " + owner.draClaimNamespace() + "/" + owner.draClaimName();
    }
    return "nobody";
  }
}
