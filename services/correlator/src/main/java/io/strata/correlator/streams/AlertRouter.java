package io.strata.correlator.streams;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.core.incident.AlertNotice;
import io.strata.correlator.core.incident.AlertRules;
import io.strata.events.Correlation;
import io.strata.events.alert.AlertEvent;
import java.util.Objects;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * Sends each Alertmanager alert to the sides its labels name: a node (with its cluster) to the
 * device-incident side, keyed cluster/node; a namespace and workload to the workload side, keyed
 * cluster/namespace/workload; both when it names both. One that names neither is counted and left
 * to the console. Which opening rule it matches is decided here, once ({@link AlertRules}).
 */
final class AlertRouter implements Processor<String, AlertEvent, String, Routed> {

  private final AlertRules rules;
  private final CorrelatorMetrics metrics;
  private ProcessorContext<String, Routed> context;

  AlertRouter(CorrelatorSettings.Alerts settings, CorrelatorMetrics metrics) {
    this.rules = new AlertRules(settings);
    this.metrics = metrics;
  }

  @Override
  public void init(ProcessorContext<String, Routed> context) {
    this.context = context;
  }

  @Override
  public void process(Record<String, AlertEvent> record) {
    AlertNotice alert = rules.notice(Objects.requireNonNull(record.value(), "alert"));
    Correlation names = alert.correlation();
    boolean routed = false;
    if (names.cluster() != null && names.node() != null) {
      context.forward(
          record
              .withKey(RoutingKeys.node(names.cluster(), names.node()))
              .withValue(new Routed.ToDeviceIncidents(DeviceIncidentInput.nodeAlert(alert))));
      routed = true;
    }
    // The workload itself, never a pod standing for it: a pod's name is not its workload's key.
    if (names.workload() != null) {
      String workloadKey = RoutingKeys.workload(names);
      if (workloadKey != null) {
        context.forward(
            record
                .withKey(workloadKey)
                .withValue(new Routed.ToWorkload(WorkloadInput.alert(alert))));
        routed = true;
      }
    }
    if (!routed) {
      metrics.alertWithoutTarget();
    }
  }
}
