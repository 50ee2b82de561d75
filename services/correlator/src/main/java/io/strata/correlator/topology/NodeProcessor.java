package io.strata.correlator.topology;

import io.strata.correlator.classify.DeviceAnomalyDetector;
import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.incident.DeviceIncidents;
import io.strata.correlator.incident.IncidentDraft;
import io.strata.correlator.incident.IncidentTracker;
import io.strata.correlator.ownership.KubernetesOwner;
import io.strata.correlator.ownership.OwnershipCheck;
import io.strata.correlator.ownership.OwnershipFindings;
import io.strata.correlator.state.GpuSnapshot;
import io.strata.correlator.state.GpuView;
import io.strata.correlator.state.MismatchState;
import io.strata.correlator.state.NodeView;
import io.strata.correlator.state.XidMark;
import io.strata.events.device.DeviceFinding;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.FindingReason;
import io.strata.events.device.HealthStatus;
import io.strata.events.device.XidEvent;
import io.strata.events.device.XidOrigin;
import io.strata.events.incident.IncidentClass;
import io.strata.events.k8s.PodState;
import io.strata.events.topic.Keys;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The node side: keeps each node's pods, claims and GPUs; verifies GPU ownership; enriches device
 * state with its owner and hands it to the workload; raises device-layer incidents.
 */
final class NodeProcessor implements Processor<String, NodeInput, String, Routed> {

  private final CorrelatorSettings settings;
  private final OwnershipCheck ownershipCheck;
  private final DeviceAnomalyDetector anomalies;
  private final CorrelatorMetrics metrics;
  private ProcessorContext<String, Routed> context;
  private KeyValueStore<String, NodeView> nodes;
  private KeyValueStore<String, IncidentTracker> incidents;

  NodeProcessor(CorrelatorSettings settings, CorrelatorMetrics metrics) {
    this.settings = settings;
    this.ownershipCheck = new OwnershipCheck(settings.ownership().reportExporterWithoutOwner());
    this.anomalies = new DeviceAnomalyDetector(settings.device().temperatureCelsius());
    this.metrics = metrics;
  }

  @Override
  public void init(ProcessorContext<String, Routed> context) {
    this.context = context;
    this.nodes = context.getStateStore(StoreNames.NODES);
    this.incidents = context.getStateStore(StoreNames.DEVICE_INCIDENTS);
  }

  @Override
  public void process(Record<String, NodeInput> record) {
    NodeInput input = Objects.requireNonNull(record.value(), "node input");
    NodeView view = Optional.ofNullable(nodes.get(record.key())).orElse(NodeView.empty());
    Instant at = Instant.ofEpochMilli(record.timestamp());
    NodeView next =
        switch (input.kind()) {
          case POD, POD_REMOVED -> view.withPod(input.objectKey(), input.pod());
          case CLAIM, CLAIM_REMOVED -> view.withClaim(input.objectKey(), input.claim());
          case SAMPLE -> onSample(record, view, input.sample(), at);
          case XID -> onXid(record, view, input.xid(), at);
          case TRACE ->
              view.gpus().containsKey(input.objectKey())
                  ? view.withGpu(
                      input.objectKey(),
                      view.gpu(input.objectKey())
                          .withExemplar(input.trace(), settings.windows().exemplarTraces()))
                  : view;
        };
    nodes.put(record.key(), next);
  }

  private NodeView onSample(
      Record<String, NodeInput> record, NodeView view, DeviceSample sample, Instant at) {
    String uuid = requireGpu(sample.gpuUuid());
    GpuView gpu =
        view.gpu(uuid).withSample(sample).withXids(null, at.minus(settings.device().xidLookback()));
    Optional<KubernetesOwner> kubernetes =
        OwnershipCheck.kubernetesOwner(sample.cluster(), uuid, view.pods(), view.claims());
    Optional<FindingReason> reason =
        ownershipCheck.compare(
            sample.cluster(), sample.owner(), kubernetes, view.pods(), view.claims());
    gpu = trackMismatch(record, gpu, sample, reason, kubernetes.orElse(null), at);
    gpu =
        route(record, view, sample.cluster(), sample.node(), uuid, gpu, sample.owner(), kubernetes);
    NodeView next = view.withGpu(uuid, gpu);
    if (sample.health() == HealthStatus.FAIL) {
      trouble(
          record,
          next,
          sample.cluster(),
          sample.node(),
          uuid,
          IncidentClass.DEVICE_FAULT,
          null,
          at);
    } else {
      healthy(record, uuid, IncidentClass.DEVICE_FAULT, at);
    }
    healthy(record, uuid, IncidentClass.APP_ERROR, at);
    return next;
  }

  private NodeView onXid(
      Record<String, NodeInput> record, NodeView view, XidEvent xid, Instant at) {
    String uuid = requireGpu(xid.gpuUuid());
    GpuView gpu =
        view.gpu(uuid).withXids(XidMark.of(xid, at), at.minus(settings.device().xidLookback()));
    Optional<KubernetesOwner> kubernetes =
        OwnershipCheck.kubernetesOwner(xid.cluster(), uuid, view.pods(), view.claims());
    DeviceOwner exporter = gpu.latest() == null ? xid.owner() : gpu.latest().owner();
    gpu = route(record, view, xid.cluster(), xid.node(), uuid, gpu, exporter, kubernetes);
    NodeView next = view.withGpu(uuid, gpu);
    if (xid.origin() == XidOrigin.APPLICATION) {
      trouble(record, next, xid.cluster(), xid.node(), uuid, IncidentClass.APP_ERROR, xid, at);
    } else if (xid.immediateAction().requiresNodeAction()) {
      trouble(record, next, xid.cluster(), xid.node(), uuid, IncidentClass.DEVICE_FAULT, xid, at);
    } else {
      metrics.xidAsEvidenceOnly();
    }
    return next;
  }

  /** Hands the GPU's state to the workload that holds it, and tells a previous holder it left. */
  private GpuView route(
      Record<String, NodeInput> record,
      NodeView view,
      String cluster,
      String node,
      String uuid,
      GpuView gpu,
      DeviceOwner exporter,
      Optional<KubernetesOwner> kubernetes) {
    String podKey = kubernetes.map(KubernetesOwner::podKey).orElse(null);
    if (podKey == null && exporter.hasPod() && exporter.namespace() != null) {
      String claimed = Keys.pod(cluster, exporter.namespace(), exporter.pod());
      podKey = view.pods().containsKey(claimed) ? claimed : null;
    }
    PodState pod = podKey == null ? null : view.pods().get(podKey);
    String workload = pod == null ? null : RoutingKeys.workload(pod.correlation());
    if (gpu.ownerWorkload() != null && !gpu.ownerWorkload().equals(workload)) {
      context.forward(
          record
              .withKey(gpu.ownerWorkload())
              .withValue(Routed.toWorkload(WorkloadInput.gpuReleased(uuid))));
    }
    GpuView owned = gpu.withOwner(workload, pod == null ? null : podKey);
    if (workload != null) {
      DeviceSample latest = owned.latest();
      GpuSnapshot snapshot =
          new GpuSnapshot(
              cluster,
              node,
              uuid,
              podKey,
              latest == null ? Map.of() : latest.fields(),
              latest == null ? HealthStatus.UNSPECIFIED : latest.health(),
              owned.xids(),
              latest == null ? List.of() : anomalies.detect(owned.previous(), latest),
              Instant.ofEpochMilli(record.timestamp()));
      context.forward(
          record.withKey(workload).withValue(Routed.toWorkload(WorkloadInput.gpu(snapshot))));
    }
    return owned;
  }

  private GpuView trackMismatch(
      Record<String, NodeInput> record,
      GpuView gpu,
      DeviceSample sample,
      Optional<FindingReason> reason,
      KubernetesOwner kubernetes,
      Instant at) {
    MismatchState current = gpu.mismatch();
    String key = Keys.gpu(sample.cluster(), sample.node(), sample.gpuUuid());
    if (reason.isEmpty()) {
      if (current != null && current.reported()) {
        emitFinding(
            record,
            key,
            OwnershipFindings.resolved(current.findingId(), sample, current.reason(), at));
      }
      return gpu.withMismatch(null);
    }
    MismatchState state =
        current == null || current.reason() != reason.get()
            ? new MismatchState(reason.get(), at, false, null)
            : current;
    if (!state.reported()
        && !at.isBefore(state.since().plus(settings.ownership().mismatchGrace()))) {
      String findingId = OwnershipFindings.findingId(sample, state.since());
      emitFinding(
          record,
          key,
          OwnershipFindings.mismatch(
              findingId, sample, state.reason(), kubernetes, state.since(), at));
      metrics.ownershipMismatch(state.reason());
      state = new MismatchState(state.reason(), state.since(), true, findingId);
    }
    return gpu.withMismatch(state);
  }

  private void emitFinding(Record<String, NodeInput> record, String key, DeviceFinding finding) {
    context.forward(record.withKey(key).withValue(Routed.finding(finding)));
  }

  private void trouble(
      Record<String, NodeInput> record,
      NodeView view,
      String cluster,
      String node,
      String uuid,
      IncidentClass incidentClass,
      XidEvent xid,
      Instant at) {
    GpuView gpu = view.gpu(uuid);
    PodState owner = gpu.ownerPod() == null ? null : view.pods().get(gpu.ownerPod());
    IncidentDraft draft =
        DeviceIncidents.draft(incidentClass, cluster, node, uuid, gpu, xid, owner, at);
    String key = trackerKey(record.key(), uuid, incidentClass);
    IncidentTracker tracker =
        Optional.ofNullable(incidents.get(key)).orElse(IncidentTracker.empty());
    apply(
        record,
        key,
        tracker.onTrouble(
            draft,
            at,
            settings.lifecycle().updateInterval(),
            settings.lifecycle().reopenCooldown()));
  }

  private void healthy(
      Record<String, NodeInput> record, String uuid, IncidentClass incidentClass, Instant at) {
    String key = trackerKey(record.key(), uuid, incidentClass);
    IncidentTracker tracker = incidents.get(key);
    if (tracker != null && tracker.active()) {
      apply(
          record,
          key,
          tracker.onHealthy(
              at,
              settings.lifecycle().deviceCleanSamplesToResolve(),
              settings.lifecycle().updateInterval()));
    }
  }

  private void apply(Record<String, NodeInput> record, String key, IncidentTracker.Step step) {
    incidents.put(key, step.tracker());
    step.publish()
        .ifPresent(
            incident -> {
              metrics.incidentPublished(incident);
              context.forward(
                  record.withKey(incident.incidentId()).withValue(Routed.incident(incident)));
            });
  }

  /** cluster/node/gpu|CLASS: one tracker per (GPU scope, class). */
  private static String trackerKey(String nodeKey, String uuid, IncidentClass incidentClass) {
    return nodeKey + "/" + uuid + "|" + incidentClass.name();
  }

  private static String requireGpu(String uuid) {
    if (uuid == null || uuid.isBlank()) {
      throw new IllegalArgumentException("a device record without gpu_uuid cannot be correlated");
    }
    return uuid;
  }
}
