package io.strata.correlator.topology;

import io.strata.correlator.baseline.BaselineTracker;
import io.strata.correlator.classify.WindowVerdict;
import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.recovery.DeviceWatch;
import io.strata.correlator.recovery.RequestEvidence;
import io.strata.correlator.state.GpuSnapshot;
import io.strata.events.incident.IncidentClass;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The workload side of device-incident recovery: which device incidents a workload affects, and the
 * verdicts of its closed windows (or the news that it has no measurable traffic) sent to them.
 * Store key: workload|cluster/node/gpu|CLASS.
 */
final class DeviceWatches {

  private final CorrelatorSettings.Lifecycle lifecycle;
  private final KeyValueStore<String, DeviceWatch> watches;
  private final KeyValueStore<String, BaselineTracker> baselines;
  private final ProcessorContext<String, Routed> context;

  DeviceWatches(
      CorrelatorSettings.Lifecycle lifecycle,
      ProcessorContext<String, Routed> context,
      KeyValueStore<String, DeviceWatch> watches,
      KeyValueStore<String, BaselineTracker> baselines) {
    this.lifecycle = lifecycle;
    this.context = context;
    this.watches = watches;
    this.baselines = baselines;
  }

  /**
   * A device incident affects the workload. Without measurable traffic in the quiet period the
   * device side is told at once not to wait for it; otherwise its windows will be reported.
   */
  void register(String workloadKey, String trackerKey, Instant at) {
    Instant measured = lastMeasured(workloadKey);
    DeviceWatch watch = new DeviceWatch(trackerKey, at, measured, 0);
    if (measured == null || !measured.plus(lifecycle.quietPeriod()).isAfter(at)) {
      forward(watch, DeviceIncidentInput.quiet(trackerKey, workloadKey), at);
      watches.delete(key(workloadKey, trackerKey));
      return;
    }
    watches.put(key(workloadKey, trackerKey), watch);
  }

  /** A closed window of the workload, judged: reported to every device incident it affects. */
  void onWindow(String workloadKey, WindowVerdict.Kind verdict, Instant windowEnd) {
    for (KeyValue<String, DeviceWatch> entry : watchesOf(workloadKey)) {
      DeviceWatch watch = entry.value;
      forward(
          watch, DeviceIncidentInput.verdict(watch.trackerKey(), workloadKey, verdict), windowEnd);
      int streak =
          switch (verdict) {
            case IN_BAND, NO_BASELINE -> watch.inBandStreak() + 1;
            case REGRESSED, OUT_OF_BAND -> 0;
            case TOO_FEW_SAMPLES -> watch.inBandStreak();
          };
      Instant measured =
          verdict == WindowVerdict.Kind.TOO_FEW_SAMPLES ? watch.measuredAt() : windowEnd;
      if (streak >= lifecycle.windowsToResolve()) {
        watches.delete(entry.key);
      } else {
        watches.put(
            entry.key, new DeviceWatch(watch.trackerKey(), watch.since(), measured, streak));
      }
    }
  }

  /**
   * A regression of the workload while device incidents affect it: joined to each of them as
   * evidence, and to the DEVICE_FAULT incident of every faulted GPU it runs on (the device side
   * ignores a tracker that has no incident). Returns whether the regression was joined anywhere.
   */
  boolean joinRegression(String workloadKey, RequestEvidence evidence, List<GpuSnapshot> faulted) {
    java.util.Set<String> sent = new java.util.HashSet<>();
    for (KeyValue<String, DeviceWatch> entry : watchesOf(workloadKey)) {
      DeviceWatch watch = entry.value;
      if (sent.add(watch.trackerKey())) {
        forward(
            watch.nodeKey(),
            DeviceIncidentInput.requestEvidence(watch.trackerKey(), evidence),
            evidence.decidedAt());
      }
    }
    for (GpuSnapshot gpu : faulted) {
      String nodeKey = RoutingKeys.node(gpu.cluster(), gpu.node());
      String trackerKey =
          NodeProcessor.trackerKey(nodeKey, gpu.gpuUuid(), IncidentClass.DEVICE_FAULT);
      if (sent.add(trackerKey)) {
        forward(
            nodeKey,
            DeviceIncidentInput.requestEvidence(trackerKey, evidence),
            evidence.decidedAt());
      }
    }
    return !sent.isEmpty();
  }

  /** Stream-time check: a watched workload without measurable traffic for the quiet period. */
  void punctuate(Instant now) {
    List<KeyValue<String, DeviceWatch>> quiet = new ArrayList<>();
    try (KeyValueIterator<String, DeviceWatch> all = watches.all()) {
      all.forEachRemaining(
          entry -> {
            if (!entry.value.lastTraffic().plus(lifecycle.quietPeriod()).isAfter(now)) {
              quiet.add(entry);
            }
          });
    }
    for (KeyValue<String, DeviceWatch> entry : quiet) {
      String workloadKey = entry.key.substring(0, entry.key.indexOf('|'));
      forward(entry.value, DeviceIncidentInput.quiet(entry.value.trackerKey(), workloadKey), now);
      watches.delete(entry.key);
    }
  }

  private List<KeyValue<String, DeviceWatch>> watchesOf(String workloadKey) {
    List<KeyValue<String, DeviceWatch>> found = new ArrayList<>();
    try (KeyValueIterator<String, DeviceWatch> all =
        watches.prefixScan(workloadKey + "|", new StringSerializer())) {
      all.forEachRemaining(found::add);
    }
    return found;
  }

  /** The end of the workload's newest evaluated window, over all its model versions. */
  private Instant lastMeasured(String workloadKey) {
    Instant newest = null;
    try (KeyValueIterator<String, BaselineTracker> all =
        baselines.prefixScan(workloadKey + "|", new StringSerializer())) {
      while (all.hasNext()) {
        Instant measured = all.next().value.measuredAt();
        if (measured != null && (newest == null || measured.isAfter(newest))) {
          newest = measured;
        }
      }
    }
    return newest;
  }

  private void forward(DeviceWatch watch, DeviceIncidentInput input, Instant at) {
    forward(watch.nodeKey(), input, at);
  }

  private void forward(String nodeKey, DeviceIncidentInput input, Instant at) {
    context.forward(new Record<>(nodeKey, new Routed.ToDeviceIncidents(input), at.toEpochMilli()));
  }

  private static String key(String workloadKey, String trackerKey) {
    return workloadKey + "|" + trackerKey;
  }
}
