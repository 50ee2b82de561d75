package io.strata.correlator.topology;

import io.strata.correlator.baseline.BaselineTracker;
import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.incident.IncidentTracker;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Request-level incidents whose traffic went away. Recovery is measured on windows; a workload ×
 * model_version that has had no window with enough requests to evaluate for the quiet period cannot
 * recover that way, so the incident resolves saying so: no time to recover is recorded, and the
 * notes say when traffic was last measured. Driven by stream time.
 */
final class QuietIncidents {

  private final Duration quietPeriod;
  private final ProcessorContext<String, Routed> context;
  private final KeyValueStore<String, IncidentTracker> incidents;
  private final KeyValueStore<String, BaselineTracker> baselines;
  private final CorrelatorMetrics metrics;

  QuietIncidents(
      CorrelatorSettings.Lifecycle lifecycle,
      ProcessorContext<String, Routed> context,
      KeyValueStore<String, IncidentTracker> incidents,
      KeyValueStore<String, BaselineTracker> baselines,
      CorrelatorMetrics metrics) {
    this.quietPeriod = lifecycle.quietPeriod();
    this.context = context;
    this.incidents = incidents;
    this.baselines = baselines;
    this.metrics = metrics;
  }

  void punctuate(Instant now) {
    List<KeyValue<String, IncidentTracker>> active = new ArrayList<>();
    try (KeyValueIterator<String, IncidentTracker> all = incidents.all()) {
      all.forEachRemaining(
          entry -> {
            if (entry.value.active()) {
              active.add(entry);
            }
          });
    }
    for (KeyValue<String, IncidentTracker> entry : active) {
      Instant lastTraffic = lastTraffic(entry.key, entry.value);
      if (lastTraffic.plus(quietPeriod).isAfter(now)) {
        continue;
      }
      IncidentTracker.Step step =
          entry.value.resolve(
              now,
              null,
              "resolved without traffic: no window with enough requests to measure since "
                  + lastTraffic
                  + " (quiet period "
                  + quietPeriod
                  + "); recovery was not measured");
      incidents.put(entry.key, step.tracker());
      step.publish()
          .ifPresent(
              incident -> {
                metrics.incidentPublished(incident);
                metrics.resolvedWithoutTraffic();
                context.forward(
                    new Record<>(
                        incident.incidentId(),
                        new Routed.IncidentOut(incident),
                        now.toEpochMilli()));
              });
    }
  }

  /** Tracker key workload|model_version|CLASS → the version's last evaluated window end. */
  private Instant lastTraffic(String trackerKey, IncidentTracker tracker) {
    BaselineTracker baseline = baselines.get(trackerKey.substring(0, trackerKey.lastIndexOf('|')));
    Instant measured = baseline == null ? null : baseline.measuredAt();
    Instant updated = tracker.current().updatedAt();
    if (measured == null) {
      return updated;
    }
    return updated != null && updated.isAfter(measured) ? updated : measured;
  }
}
