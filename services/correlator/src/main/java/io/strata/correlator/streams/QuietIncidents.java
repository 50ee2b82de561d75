package io.strata.correlator.streams;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.core.incident.IncidentTracker;
import io.strata.correlator.core.incident.QuietResolution;
import io.strata.correlator.core.request.BaselineTracker;
import io.strata.correlator.core.request.Transition;
import io.strata.events.incident.Incident;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Request-level incidents whose traffic went away, as store and forwards: on stream time, every
 * active incident and its version's last measured window go to {@link QuietResolution}, which says
 * whether it resolves and with what note; what it returns is written back and published.
 */
final class QuietIncidents {

  private final QuietResolution resolution;
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
    this.resolution = new QuietResolution(lifecycle.quietPeriod());
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
      Optional<Transition<IncidentTracker, Incident>> resolved =
          resolution.decide(entry.value, lastMeasured(entry.key), now);
      if (resolved.isEmpty()) {
        continue;
      }
      Transition<IncidentTracker, Incident> step = resolved.get();
      incidents.put(entry.key, step.next());
      for (Incident incident : step.emits()) {
        metrics.incidentPublished(incident);
        metrics.resolvedWithoutTraffic();
        context.forward(
            new Record<>(
                incident.incidentId(), new Routed.IncidentOut(incident), now.toEpochMilli()));
      }
    }
  }

  /**
   * Tracker key workload|model_version|CLASS → the version's last evaluated window end, or null.
   */
  private Instant lastMeasured(String trackerKey) {
    BaselineTracker baseline = baselines.get(trackerKey.substring(0, trackerKey.lastIndexOf('|')));
    return baseline == null ? null : baseline.measuredAt();
  }
}
