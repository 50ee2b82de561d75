package io.strata.correlator.streams;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.core.incident.DeviceIncidents;
import io.strata.correlator.core.incident.DeviceRecovery;
import io.strata.correlator.core.request.Transition;
import io.strata.correlator.streams.speed.PromptCommit;
import io.strata.events.incident.Incident;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
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
 * workloads they affect (from the workload side), so that recovery is measured on requests.
 */
final class DeviceIncidentProcessor
    implements Processor<String, DeviceIncidentInput, String, Routed> {

  private final CorrelatorSettings.Lifecycle lifecycle;
  private final int exemplarLimit;
  private final CorrelatorMetrics metrics;
  private final PromptCommit promptCommit;
  private ProcessorContext<String, Routed> context;
  private KeyValueStore<String, DeviceRecovery> incidents;

  DeviceIncidentProcessor(CorrelatorSettings settings, CorrelatorMetrics metrics) {
    this.lifecycle = settings.lifecycle();
    this.exemplarLimit = settings.windows().exemplarTraces();
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
      for (String key : trackersOf(record.key())) {
        apply(record, key, incidents.get(key).onNode(node.node(), at, lifecycle));
      }
      return;
    }
    DeviceIncidentInput.ForTracker forTracker = (DeviceIncidentInput.ForTracker) input;
    String key = Objects.requireNonNull(forTracker.trackerKey(), "tracker key");
    DeviceRecovery stored = incidents.get(key);
    DeviceRecovery recovery = Optional.ofNullable(stored).orElse(DeviceRecovery.empty());
    // Only trouble opens a tracker; the other cases concern an incident that exists.
    if (input instanceof DeviceIncidentInput.Trouble trouble) {
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
    throw new IllegalStateException("unhandled device incident input " + input);
  }

  /** Every tracker of the node's GPUs (keys cluster/node/gpu|CLASS). */
  private List<String> trackersOf(String nodeKey) {
    List<String> keys = new ArrayList<>();
    try (KeyValueIterator<String, DeviceRecovery> all =
        incidents.prefixScan(nodeKey + "/", new StringSerializer())) {
      while (all.hasNext()) {
        KeyValue<String, DeviceRecovery> entry = all.next();
        keys.add(entry.key);
      }
    }
    return keys;
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
