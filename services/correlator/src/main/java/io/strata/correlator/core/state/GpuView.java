package io.strata.correlator.core.state;

import io.strata.events.device.DeviceSample;
import io.strata.events.incident.ExemplarTrace;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The node side's state for one GPU: its last two samples (what {@link KeptSamples} keeps of them),
 * recent XIDs, the ownership check in progress, the workload it was last reported to, and the
 * latest requests it served.
 *
 * @param ownerWorkload the workload key this GPU's snapshots went to last
 * @param cleanToReport clean samples still to report to the device-incident side after a fault
 * @param reportedAt when the GPU's state last went to its workload (null: never)
 * @param reportedSignature what that report said that matters for a decision (owner, health, XIDs,
 *     anomalies): a change is reported at once, the rest at most once per window advance
 */
public record GpuView(
    DeviceSample latest,
    DeviceSample previous,
    List<XidMark> xids,
    MismatchState mismatch,
    String ownerWorkload,
    String ownerPod,
    List<ExemplarTrace> exemplars,
    int cleanToReport,
    Instant reportedAt,
    String reportedSignature) {

  public GpuView {
    xids = xids == null ? List.of() : List.copyOf(xids);
    exemplars = exemplars == null ? List.of() : List.copyOf(exemplars);
  }

  /**
   * Whether {@code next} differs from {@code current} only in the samples' readings: the newest
   * sample's fields and time and the counters kept of the one before, with the same GPU, health and
   * exporter owner, and nothing else of the entry changed (XIDs, ownership check, holder, clean
   * samples due, what was last reported to the workload) but when the last periodic report went.
   * Such a change is evidence no decision turns on; the next sample replaces it, and a restored
   * report time only makes the next periodic report come early (ADR 042).
   */
  public static boolean onlyReadingsChanged(GpuView current, GpuView next) {
    if (current.latest == null || next.latest == null) {
      return false;
    }
    return current.latest.health() == next.latest.health()
        && Objects.equals(current.latest.gpuUuid(), next.latest.gpuUuid())
        && Objects.equals(current.latest.migInstanceId(), next.latest.migInstanceId())
        && Objects.equals(current.latest.owner(), next.latest.owner())
        && current.cleanToReport == next.cleanToReport
        && Objects.equals(current.reportedSignature, next.reportedSignature)
        && Objects.equals(current.ownerWorkload, next.ownerWorkload)
        && Objects.equals(current.ownerPod, next.ownerPod)
        && Objects.equals(current.mismatch, next.mismatch)
        && current.xids.equals(next.xids)
        && current.exemplars.equals(next.exemplars);
  }

  public static GpuView empty() {
    return new GpuView(null, null, null, null, null, null, null, 0, null, null);
  }

  /** With {@code sample} as the latest; both samples kept only as far as decisions read them. */
  public GpuView withSample(DeviceSample sample) {
    return new GpuView(
        KeptSamples.latest(sample),
        KeptSamples.previous(latest),
        xids,
        mismatch,
        ownerWorkload,
        ownerPod,
        exemplars,
        cleanToReport,
        reportedAt,
        reportedSignature);
  }

  /** Keeps the XIDs younger than {@code since}, plus {@code added} when not null. */
  public GpuView withXids(XidMark added, Instant since) {
    List<XidMark> next = new ArrayList<>();
    xids.stream().filter(x -> x.at() == null || !x.at().isBefore(since)).forEach(next::add);
    if (added != null) {
      next.add(added);
    }
    return new GpuView(
        latest,
        previous,
        next,
        mismatch,
        ownerWorkload,
        ownerPod,
        exemplars,
        cleanToReport,
        reportedAt,
        reportedSignature);
  }

  public GpuView withMismatch(MismatchState value) {
    return new GpuView(
        latest,
        previous,
        xids,
        value,
        ownerWorkload,
        ownerPod,
        exemplars,
        cleanToReport,
        reportedAt,
        reportedSignature);
  }

  public GpuView withOwner(String workload, String pod) {
    return new GpuView(
        latest,
        previous,
        xids,
        mismatch,
        workload,
        pod,
        exemplars,
        cleanToReport,
        reportedAt,
        reportedSignature);
  }

  public GpuView withCleanToReport(int count) {
    return new GpuView(
        latest,
        previous,
        xids,
        mismatch,
        ownerWorkload,
        ownerPod,
        exemplars,
        Math.max(0, count),
        reportedAt,
        reportedSignature);
  }

  public GpuView withReported(Instant at, String signature) {
    return new GpuView(
        latest,
        previous,
        xids,
        mismatch,
        ownerWorkload,
        ownerPod,
        exemplars,
        cleanToReport,
        at,
        signature);
  }
}
