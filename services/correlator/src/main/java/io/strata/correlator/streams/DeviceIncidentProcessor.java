package io.strata.correlator.streams;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.core.incident.AlertNotice;
import io.strata.correlator.core.incident.DeviceAlerts;
import io.strata.correlator.core.incident.DeviceIncidents;
import io.strata.correlator.core.incident.DeviceRecovery;
import io.strata.correlator.core.request.Transition;
import io.strata.correlator.core.state.TrackerKeys;
import io.strata.correlator.streams.CorrelatorMetrics.AlertOutcome;
import io.strata.correlator.streams.speed.PromptCommit;
import io.strata.events.incident.Incident;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The device-incident side (keyed by cluster/node): runs DEVICE_FAULT and APP_ERROR lifecycles from
 * device trouble, clean samples and node state (from the node side) and the window verdicts of the
 * workloads they affect (from the workload side), so that recovery is measured on requests; joins
 * Alertmanager alerts naming the node to its incidents, or opens one by a rule ({@link
 * DeviceAlerts}).
 */
final class DeviceIncidentProcessor
    implements Processor<String, DeviceIncidentInput, String, Routed> {

  private final CorrelatorSettings.Lifecycle lifecycle;
  private final int exemplarLimit;
  private final int alertLimit;
  private final CorrelatorMetrics metrics;
  private final PromptCommit promptCommit;
  private ProcessorContext<String, Routed> context;
  private KeyValueStore<String, DeviceRecovery> incidents;

  DeviceIncidentProcessor(CorrelatorSettings settings, CorrelatorMetrics metrics) {
    this.lifecycle = settings.lifecycle();
    this.exemplarLimit = settings.windows().exemplarTraces();
    this.alertLimit = settings.alerts().maxPerIncident();
    this.metrics = metrics;
    this.promptCommit =
        PromptCommit.of(settings.device(), () -> metrics.promptCommit("device-incident"));
  }

  @Override
  public void init(ProcessorContext<String, Routed> context) {
    this.context = context;
    this.promptCommit.init(context);
    this.incidents = context.getStateStore(StoreNames.DEVICE_INCIDENTS);
  }

  @Override
  public void process(Record<String, DeviceIncidentInput> record) {
    promptCommit.onRecord();
    DeviceIncidentInput input = Objects.requireNonNull(record.value(), "device incident input");
    Instant at = Instant.ofEpochMilli(record.timestamp());
    if (input instanceof DeviceIncidentInput.Node node) {
      trackersOf(record.key())
          .forEach(
              (key, recovery) -> apply(record, key, recovery.onNode(node.node(), at, lifecycle)));
      return;
    }
    if (input instanceof DeviceIncidentInput.NodeAlert alert) {
      onNodeAlert(record, alert.alert(), at);
      return;
    }
    DeviceIncidentInput.ForTracker forTracker = (DeviceIncidentInput.ForTracker) input;
    String key = Objects.requireNonNull(forTracker.trackerKey(), "tracker key");
    DeviceRecovery stored = incidents.get(key);
    DeviceRecovery recovery = Optional.ofNullable(stored).orElse(DeviceRecovery.empty());
    // Only trouble (and a mapped alert, above) opens a tracker; the rest concern an open one.
    if (input instanceof DeviceIncidentInput.Trouble trouble) {
      if (!recovery.active()) {
        recovery = takeOverNodeWide(key, recovery);
      }
      apply(
          record,
          key,
          recovery.onTrouble(
              DeviceIncidents.draft(
                  Objects.requireNonNull(trouble.gpu(), "device trouble without the GPU's facts"),
                  trouble.node()),
              trouble.workloadKey(),
              trouble.node(),
              at,
              lifecycle));
    } else if (stored != null) {
      apply(record, key, step(recovery, forTracker, at));
    }
  }

  private Transition<DeviceRecovery, Incident> step(
      DeviceRecovery recovery, DeviceIncidentInput.ForTracker input, Instant at) {
    if (input instanceof DeviceIncidentInput.Clean) {
      return recovery.onClean(at, lifecycle);
    }
    if (input instanceof DeviceIncidentInput.Verdict verdict) {
      return recovery.onVerdict(verdict.workloadKey(), verdict.verdict(), at, lifecycle);
    }
    if (input instanceof DeviceIncidentInput.Quiet quiet) {
      return recovery.onQuiet(quiet.workloadKey(), at, lifecycle);
    }
    if (input instanceof DeviceIncidentInput.Evidence evidence) {
      return recovery.onRequestEvidence(evidence.requestEvidence(), exemplarLimit, lifecycle);
    }
    if (input instanceof DeviceIncidentInput.WorkloadAlert alert) {
      return recovery.onAlert(alert.alert(), at, alertLimit);
    }
    throw new IllegalStateException("unhandled device incident input " + input);
  }

  /** An alert naming the node: joined to its open incidents, or opening one by its rule. */
  private void onNodeAlert(
      Record<String, DeviceIncidentInput> record, AlertNotice alert, Instant at) {
    Map<String, DeviceRecovery> trackers = trackersOf(record.key());
    DeviceAlerts.Targets targets = DeviceAlerts.of(record.key(), trackers, alert);
    for (String key : targets.join()) {
      apply(record, key, trackers.get(key).onAlert(alert, at, alertLimit));
    }
    if (targets.open() != null) {
      DeviceRecovery recovery =
          Optional.ofNullable(trackers.get(targets.open())).orElse(DeviceRecovery.empty());
      apply(record, targets.open(), recovery.onAlertOpening(alert, at, lifecycle));
    }
    metrics.alert(
        "device",
        !targets.join().isEmpty()
            ? AlertOutcome.JOINED
            : targets.open() != null ? AlertOutcome.OPENED : AlertOutcome.CONTEXT);
  }

  /**
   * Device trouble of a GPU while an alert keeps its node's own incident open: that incident is the
   * fault's, so the GPU's tracker takes it over (one fault, one incident) and recovers it as a
   * device incident; the node-wide tracker keeps only its count. Else the GPU's own tracker.
   */
  private DeviceRecovery takeOverNodeWide(String trackerKey, DeviceRecovery gpu) {
    String nodeWideKey =
        TrackerKeys.nodeWide(TrackerKeys.nodeKeyOf(trackerKey), TrackerKeys.classOf(trackerKey));
    DeviceRecovery nodeWide = incidents.get(nodeWideKey);
    if (nodeWide == null || !nodeWide.active()) {
      return gpu;
    }
    incidents.put(nodeWideKey, nodeWide.handedOver());
    return nodeWide.handedTo(gpu);
  }

  /** Every tracker of the node's GPUs (keys cluster/node/gpu|CLASS), in key order. */
  private Map<String, DeviceRecovery> trackersOf(String nodeKey) {
    Map<String, DeviceRecovery> trackers = new TreeMap<>();
    try (KeyValueIterator<String, DeviceRecovery> all =
        incidents.prefixScan(nodeKey + "/", new StringSerializer())) {
      while (all.hasNext()) {
        KeyValue<String, DeviceRecovery> entry = all.next();
        trackers.put(entry.key, entry.value);
      }
    }
    return trackers;
  }

  private void apply(
      Record<String, DeviceIncidentInput> record,
      String key,
      Transition<DeviceRecovery, Incident> step) {
    incidents.put(key, step.next());
    for (Incident incident : step.emits()) {
      metrics.incidentPublished(incident);
      context.forward(
          record.withKey(incident.incidentId()).withValue(new Routed.IncidentOut(incident)));
      // Readers (the remediator, the console) see it once this transaction commits.
      promptCommit.request();
    }
  }
}
