package io.strata.correlator.streams;

import io.strata.correlator.core.incident.AlertNotice;
import io.strata.correlator.core.incident.IncidentAlerts;
import io.strata.correlator.core.incident.IncidentTracker;
import io.strata.correlator.core.request.Transition;
import io.strata.correlator.streams.CorrelatorMetrics.AlertOutcome;
import io.strata.events.incident.Incident;
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
 * The workload side of Alertmanager alerts, as store and forwards: an alert naming the workload is
 * joined as evidence to each of its open request incidents ({@link IncidentAlerts}) and sent to the
 * device incidents the workload is watched for. It never opens an incident here: opening rules open
 * incidents of a node, on the device-incident side.
 */
final class WorkloadAlerts {

  private final int limit;
  private final ProcessorContext<String, Routed> context;
  private final KeyValueStore<String, IncidentTracker> incidents;
  private final DeviceWatches watches;
  private final CorrelatorMetrics metrics;

  WorkloadAlerts(
      int limit,
      ProcessorContext<String, Routed> context,
      KeyValueStore<String, IncidentTracker> incidents,
      DeviceWatches watches,
      CorrelatorMetrics metrics) {
    this.limit = limit;
    this.context = context;
    this.incidents = incidents;
    this.watches = watches;
    this.metrics = metrics;
  }

  void onAlert(String workloadKey, AlertNotice alert, Instant at) {
    boolean joined = false;
    for (KeyValue<String, IncidentTracker> entry : openIncidentsOf(workloadKey)) {
      Transition<IncidentTracker, Incident> step =
          IncidentAlerts.join(entry.value, alert, at, limit);
      if (!step.next().equals(entry.value)) {
        incidents.put(entry.key, step.next());
      }
      for (Incident incident : step.emits()) {
        metrics.incidentPublished(incident);
        context.forward(
            new Record<>(
                incident.incidentId(), new Routed.IncidentOut(incident), at.toEpochMilli()));
      }
      joined = true;
    }
    joined |= watches.joinAlert(workloadKey, alert, at);
    metrics.alert("workload", joined ? AlertOutcome.JOINED : AlertOutcome.CONTEXT);
  }

  /** The workload's active request incidents (keys workload|model_version|request). */
  private List<KeyValue<String, IncidentTracker>> openIncidentsOf(String workloadKey) {
    List<KeyValue<String, IncidentTracker>> open = new ArrayList<>();
    try (KeyValueIterator<String, IncidentTracker> all =
        incidents.prefixScan(workloadKey + "|", new StringSerializer())) {
      all.forEachRemaining(
          entry -> {
            if (entry.value.active()) {
              open.add(entry);
            }
          });
    }
    return open;
  }
}
