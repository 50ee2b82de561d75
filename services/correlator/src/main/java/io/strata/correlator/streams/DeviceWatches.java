package io.strata.correlator.streams;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.core.incident.AlertNotice;
import io.strata.correlator.core.incident.DeviceWatch;
import io.strata.correlator.core.incident.DeviceWatchDecisions;
import io.strata.correlator.core.incident.DeviceWatchDecisions.EvidenceTarget;
import io.strata.correlator.core.incident.RequestEvidence;
import io.strata.correlator.core.incident.WindowVerdict;
import io.strata.correlator.core.request.BaselineTracker;
import io.strata.correlator.core.state.GpuSnapshot;
import io.strata.correlator.core.state.TrackerKeys;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The workload side of device-incident recovery, as store and forwards: which device incidents a
 * workload affects, and the verdicts of its closed windows (or the news that it has no measurable
 * traffic) sent to them. What to keep, send and end is decided by {@link DeviceWatchDecisions}.
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
    Optional<DeviceWatch> watch =
        DeviceWatchDecisions.start(
            trackerKey, at, lastMeasured(workloadKey), lifecycle.quietPeriod());
    if (watch.isPresent()) {
      watches.put(key(workloadKey, trackerKey), watch.get());
    } else {
      forward(
          TrackerKeys.nodeKeyOf(trackerKey),
          DeviceIncidentInput.quiet(trackerKey, workloadKey),
          at);
      watches.delete(key(workloadKey, trackerKey));
    }
  }

  /** A closed window of the workload, judged: reported to every device incident it affects. */
  void onWindow(String workloadKey, WindowVerdict.Kind verdict, Instant windowEnd) {
    for (KeyValue<String, DeviceWatch> entry : watchesOf(workloadKey)) {
      DeviceWatch watch = entry.value;
      forward(
          watch, DeviceIncidentInput.verdict(watch.trackerKey(), workloadKey, verdict), windowEnd);
      DeviceWatchDecisions.afterWindow(watch, verdict, windowEnd, lifecycle.windowsToResolve())
          .ifPresentOrElse(next -> watches.put(entry.key, next), () -> watches.delete(entry.key));
    }
  }

  /**
   * A regression of the workload while device incidents affect it: joined as evidence to each
   * device incident {@link DeviceWatchDecisions#evidenceTargets} names. Returns whether the
   * regression was joined anywhere.
   */
  boolean joinRegression(String workloadKey, RequestEvidence evidence, List<GpuSnapshot> faulted) {
    List<DeviceWatch> watched = watchesOf(workloadKey).stream().map(e -> e.value).toList();
    List<EvidenceTarget> targets = DeviceWatchDecisions.evidenceTargets(watched, faulted);
    for (EvidenceTarget target : targets) {
      forward(
          target.nodeKey(),
          DeviceIncidentInput.requestEvidence(target.trackerKey(), evidence),
          evidence.decidedAt());
    }
    return !targets.isEmpty();
  }

  /**
   * An alert naming the workload: sent to every device incident the workload is watched for, to be
   * joined there as evidence. Returns whether there was any.
   */
  boolean joinAlert(String workloadKey, AlertNotice alert, Instant at) {
    List<KeyValue<String, DeviceWatch>> watched = watchesOf(workloadKey);
    for (KeyValue<String, DeviceWatch> entry : watched) {
      forward(entry.value, DeviceIncidentInput.workloadAlert(entry.value.trackerKey(), alert), at);
    }
    return !watched.isEmpty();
  }

  /** Stream-time check: a watched workload without measurable traffic for the quiet period. */
  void punctuate(Instant now) {
    List<KeyValue<String, DeviceWatch>> quiet = new ArrayList<>();
    try (KeyValueIterator<String, DeviceWatch> all = watches.all()) {
      all.forEachRemaining(
          entry -> {
            if (DeviceWatchDecisions.quiet(entry.value, now, lifecycle.quietPeriod())) {
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
    return WorkloadParts.scanParts(workloadKey, baselines, DeviceWatchDecisions::lastMeasured);
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
