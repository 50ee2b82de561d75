package io.strata.correlator.core.incident;

import io.strata.correlator.core.request.BaselineTracker;
import io.strata.correlator.core.state.GpuSnapshot;
import io.strata.correlator.core.state.TrackerKeys;
import io.strata.events.incident.IncidentClass;
import io.strata.events.topic.Keys;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The workload side's rules for the device incidents that affect a workload, outside the processor
 * that stores the {@link DeviceWatch}es and forwards what these decide: when a watch starts (or the
 * device side is told at once not to wait), how a closed window moves it on and when it ends, when
 * a watched workload has gone quiet, and which device incidents a regression joins as evidence.
 */
public final class DeviceWatchDecisions {

  private DeviceWatchDecisions() {}

  /**
   * Where a regression's evidence goes: the device incident {@code trackerKey}, forwarded under
   * {@code nodeKey} (the node partition it lives in).
   */
  public record EvidenceTarget(String nodeKey, String trackerKey) {}

  /**
   * A device incident starts affecting the workload at {@code at}. The watch, or empty when the
   * workload had no measurable traffic within the quiet period before (no window evaluated, or its
   * newest one ended {@code quietPeriod} or longer ago): the device side is then told at once not
   * to wait for it, and nothing is kept.
   *
   * @param lastMeasured the end of the workload's newest evaluated window, null if none
   */
  public static Optional<DeviceWatch> start(
      String trackerKey, Instant at, Instant lastMeasured, Duration quietPeriod) {
    if (lastMeasured == null || !lastMeasured.plus(quietPeriod).isAfter(at)) {
      return Optional.empty();
    }
    return Optional.of(new DeviceWatch(trackerKey, at, lastMeasured, 0));
  }

  /** The end of the workload's newest evaluated window over all its model versions, or null. */
  public static Instant lastMeasured(Iterator<BaselineTracker> versions) {
    Instant newest = null;
    while (versions.hasNext()) {
      Instant measured = versions.next().measuredAt();
      if (measured != null && (newest == null || measured.isAfter(newest))) {
        newest = measured;
      }
    }
    return newest;
  }

  /**
   * The watch after one closed window of the workload (already reported to the device side), or
   * empty once the workload has been in band for {@code windowsToResolve} windows in a row: the
   * device side has what it needs and the watch ends. In band or without a baseline yet counts
   * toward the streak, a regression or an out-of-band window breaks it, and a window with too few
   * samples neither counts nor is measurable traffic.
   */
  public static Optional<DeviceWatch> afterWindow(
      DeviceWatch watch, WindowVerdict.Kind verdict, Instant windowEnd, int windowsToResolve) {
    int streak =
        switch (verdict) {
          case IN_BAND, NO_BASELINE -> watch.inBandStreak() + 1;
          case REGRESSED, OUT_OF_BAND -> 0;
          case TOO_FEW_SAMPLES -> watch.inBandStreak();
        };
    if (streak >= windowsToResolve) {
      return Optional.empty();
    }
    Instant measured =
        verdict == WindowVerdict.Kind.TOO_FEW_SAMPLES ? watch.measuredAt() : windowEnd;
    return Optional.of(new DeviceWatch(watch.trackerKey(), watch.since(), measured, streak));
  }

  /**
   * At stream time {@code now}, the watched workload has had no measurable traffic for the quiet
   * period: the device side is told not to wait for it, and the watch ends.
   */
  public static boolean quiet(DeviceWatch watch, Instant now, Duration quietPeriod) {
    return !watch.lastTraffic().plus(quietPeriod).isAfter(now);
  }

  /**
   * The device incidents a regression of the workload joins, each once: first every watched one (in
   * the order given), then the DEVICE_FAULT incident of each faulted GPU the workload runs on (the
   * device side ignores a tracker that has no incident). Empty when it joins none.
   */
  public static List<EvidenceTarget> evidenceTargets(
      List<DeviceWatch> watches, List<GpuSnapshot> faulted) {
    Set<String> named = new HashSet<>();
    List<EvidenceTarget> targets = new ArrayList<>();
    for (DeviceWatch watch : watches) {
      if (named.add(watch.trackerKey())) {
        targets.add(new EvidenceTarget(watch.nodeKey(), watch.trackerKey()));
      }
    }
    for (GpuSnapshot gpu : faulted) {
      String nodeKey = Keys.node(gpu.cluster(), gpu.node());
      String trackerKey = TrackerKeys.of(nodeKey, gpu.gpuUuid(), IncidentClass.DEVICE_FAULT);
      if (named.add(trackerKey)) {
        targets.add(new EvidenceTarget(nodeKey, trackerKey));
      }
    }
    return targets;
  }
}
