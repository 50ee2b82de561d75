package io.strata.correlator.streams;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.core.incident.IncidentDraft;
import io.strata.correlator.core.incident.IncidentTracker;
import io.strata.correlator.core.incident.RegressionDetector;
import io.strata.correlator.core.incident.RequestClassifier;
import io.strata.correlator.core.incident.WindowDecision;
import io.strata.correlator.core.incident.WindowVerdict;
import io.strata.correlator.core.incident.WorkloadDecisions;
import io.strata.correlator.core.request.Baseline;
import io.strata.correlator.core.request.BaselineTracker;
import io.strata.correlator.core.request.Transition;
import io.strata.correlator.core.request.WindowStats;
import io.strata.correlator.core.state.GpuSnapshot;
import io.strata.correlator.core.state.WorkloadView;
import io.strata.events.incident.Incident;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The workload side: keeps each workload's GPUs, pods, events and model versions; compares every
 * closed window with its baseline; classifies regressions along the on-call path and runs the
 * request-level incident lifecycle, including recovery (and resolution without traffic, on stream
 * time); reports its windows to the device incidents that affect it; joins Alertmanager alerts
 * naming the workload to its open incidents ({@link WorkloadAlerts}).
 */
final class WorkloadProcessor implements Processor<String, WorkloadInput, String, Routed> {

  /**
   * The suffix of a version's one request-level incident tracker (workload|version|request): a
   * workload × model_version has at most one, whose class may be refined, never one per class.
   */
  static final String REQUEST_INCIDENT = "|request";

  private final CorrelatorSettings settings;
  private final RegressionDetector detector;
  private final RequestClassifier classifier;
  private final WindowDecision decision;
  private final CorrelatorMetrics metrics;
  private final Duration eventKeep;
  private ProcessorContext<String, Routed> context;
  private KeyValueStore<String, WorkloadView> workloads;
  private KeyValueStore<String, GpuSnapshot> gpus;
  private KeyValueStore<String, io.strata.correlator.core.state.PodBrief> pods;
  private KeyValueStore<String, BaselineTracker> baselines;
  private KeyValueStore<String, IncidentTracker> incidents;
  private DeviceWatches watches;
  private WorkloadAlerts alerts;
  private Instant nextSweep;
  private static final Duration SWEEP_EVERY = Duration.ofMinutes(10);

  WorkloadProcessor(CorrelatorSettings settings, CorrelatorMetrics metrics) {
    this.settings = settings;
    this.detector = new RegressionDetector(settings.regression());
    this.classifier = new RequestClassifier(settings.regression());
    this.decision = new WindowDecision(settings);
    this.metrics = metrics;
    this.eventKeep = WorkloadDecisions.eventKeep(settings.regression());
  }

  @Override
  public void init(ProcessorContext<String, Routed> context) {
    this.context = context;
    this.workloads = context.getStateStore(StoreNames.WORKLOADS);
    this.gpus = context.getStateStore(StoreNames.WORKLOAD_GPUS);
    this.pods = context.getStateStore(StoreNames.WORKLOAD_PODS);
    this.baselines = context.getStateStore(StoreNames.BASELINES);
    this.incidents = context.getStateStore(StoreNames.REQUEST_INCIDENTS);
    this.watches =
        new DeviceWatches(
            settings.lifecycle(),
            context,
            context.getStateStore(StoreNames.DEVICE_WATCHES),
            baselines);
    this.alerts =
        new WorkloadAlerts(
            settings.alerts().maxPerIncident(), context, incidents, watches, metrics);
    QuietIncidents quiet =
        new QuietIncidents(settings.lifecycle(), context, incidents, baselines, metrics);
    // Stream time: windows are event time, and the partition's time keeps moving with the device
    // snapshots every scrape brings, also while a workload has no requests.
    context.schedule(
        settings.windows().advance(),
        PunctuationType.STREAM_TIME,
        timestamp -> {
          Instant now = Instant.ofEpochMilli(timestamp);
          quiet.punctuate(now);
          watches.punctuate(now);
          if (nextSweep == null || !now.isBefore(nextSweep)) {
            nextSweep = now.plus(SWEEP_EVERY);
            sweepGoneWorkloads(now);
          }
        });
  }

  @Override
  public void process(Record<String, WorkloadInput> record) {
    WorkloadInput input = Objects.requireNonNull(record.value(), "workload input");
    String workload = record.key();
    if (input instanceof WorkloadInput.Gpu gpu) {
      gpus.put(WorkloadParts.partKey(workload, gpu.gpuUuid()), gpu.gpu());
    } else if (input instanceof WorkloadInput.GpuReleased gpu) {
      gpus.delete(WorkloadParts.partKey(workload, gpu.gpuUuid()));
    } else if (input instanceof WorkloadInput.Pod pod) {
      pods.put(WorkloadParts.partKey(workload, pod.podKey()), pod.pod());
      WorkloadView meta = meta(workload);
      WorkloadView next = meta.withPod(pod.pod());
      if (!next.modelVersions().equals(meta.modelVersions())) {
        workloads.put(workload, WorkloadParts.meta(next));
      }
    } else if (input instanceof WorkloadInput.PodRemoved pod) {
      pods.delete(WorkloadParts.partKey(workload, pod.podKey()));
    } else if (input instanceof WorkloadInput.Event event) {
      workloads.put(workload, meta(workload).withEvent(event.event(), eventKeep));
    } else if (input instanceof WorkloadInput.Alert alert) {
      alerts.onAlert(workload, alert.alert(), Instant.ofEpochMilli(record.timestamp()));
    } else if (input instanceof WorkloadInput.DeviceWatch watch) {
      watches.register(workload, watch.trackerKey(), Instant.ofEpochMilli(record.timestamp()));
    } else if (input instanceof WorkloadInput.Window closed) {
      WindowStats window = closed.window();
      if (stale(window)) {
        metrics.staleWindow();
        return;
      }
      WorkloadView view =
          WorkloadParts.assemble(workload, meta(workload), gpus, pods).withWindow(window);
      onWindow(record, view, window);
      workloads.put(workload, WorkloadParts.meta(view));
    }
  }

  /**
   * A workload with no window for the retention and no GPU or pod left is forgotten (a tombstone on
   * its changelog), so the store holds what is alive.
   */
  private void sweepGoneWorkloads(Instant now) {
    List<String> gone = new java.util.ArrayList<>();
    try (KeyValueIterator<String, WorkloadView> all = workloads.all()) {
      while (all.hasNext()) {
        KeyValue<String, WorkloadView> entry = all.next();
        if (WorkloadDecisions.gone(
            entry.value.lastWindow(),
            WorkloadParts.hasParts(entry.key, gpus),
            WorkloadParts.hasParts(entry.key, pods),
            now,
            settings.lifecycle().stateRetention())) {
          gone.add(entry.key);
        }
      }
    }
    gone.forEach(workloads::delete);
  }

  private WorkloadView meta(String workload) {
    return Optional.ofNullable(workloads.get(workload)).orElse(WorkloadView.empty());
  }

  private WorkloadView onWindow(
      Record<String, WorkloadInput> record, WorkloadView view, WindowStats window) {
    String versionKey =
        record.key() + "|" + Objects.toString(window.correlation().modelVersion(), "");
    BaselineTracker tracker =
        Optional.ofNullable(baselines.get(versionKey)).orElse(BaselineTracker.empty());
    Baseline baseline = baselineFor(record.key(), tracker);
    int gpus = view.allocatedGpus();
    WindowVerdict verdict = detector.evaluate(window, baseline, gpus);
    metrics.windowEvaluated(verdict.kind());
    String incidentKey = versionKey + REQUEST_INCIDENT;
    IncidentTracker incident =
        Optional.ofNullable(incidents.get(incidentKey)).orElse(IncidentTracker.empty());
    Transition<WindowDecision.VersionState, WindowDecision.Emission> decided =
        decision.decide(
            verdict,
            window,
            tracker,
            incident,
            gpus,
            () -> classifier.classify(verdict, window, baseline, view),
            draft -> joinsDeviceIncident(record.key(), draft, view));
    decided.next().incident().ifPresent(next -> incidents.put(incidentKey, next));
    for (WindowDecision.Emission emitted : decided.emits()) {
      if (emitted instanceof WindowDecision.Publish published) {
        publish(record, published.incident());
      } else if (emitted instanceof WindowDecision.JoinedDeviceIncident) {
        metrics.regressionJoinedDeviceIncident();
      } else {
        // Java 17 has no exhaustive pattern switch: a new Emission case must not vanish here.
        throw new IllegalStateException("no route for window emission " + emitted.getClass());
      }
    }
    baselines.put(versionKey, decided.next().baseline());
    watches.onWindow(record.key(), verdict.kind(), window.windowEnd());
    return view;
  }

  private boolean stale(WindowStats window) {
    return WorkloadDecisions.stale(
        window,
        Instant.ofEpochMilli(context.currentStreamTimeMs()),
        settings.lifecycle().quietPeriod());
  }

  private Baseline baselineFor(String workloadKey, BaselineTracker own) {
    return WorkloadParts.scanParts(
        workloadKey,
        baselines,
        versions ->
            WorkloadDecisions.baselineFor(own, versions, settings.regression().baselineWarmup()));
  }

  private boolean joinsDeviceIncident(String workloadKey, IncidentDraft draft, WorkloadView view) {
    return watches.joinRegression(
        workloadKey,
        WorkloadDecisions.evidence(workloadKey, draft),
        WorkloadDecisions.faultedInScope(view, draft));
  }

  private void publish(Record<String, WorkloadInput> record, Incident incident) {
    metrics.incidentPublished(incident);
    context.forward(
        record.withKey(incident.incidentId()).withValue(new Routed.IncidentOut(incident)));
  }
}
