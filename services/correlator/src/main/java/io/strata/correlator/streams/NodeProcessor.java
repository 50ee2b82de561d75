package io.strata.correlator.streams;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.core.node.ClaimAttribution;
import io.strata.correlator.core.node.DeviceTrouble;
import io.strata.correlator.core.node.GpuHandoff;
import io.strata.correlator.core.node.NodeForward;
import io.strata.correlator.core.node.NodeObjectChange;
import io.strata.correlator.core.node.OwnershipMismatch;
import io.strata.correlator.core.node.SampleDecision;
import io.strata.correlator.core.node.SilentGpus;
import io.strata.correlator.core.node.XidDecision;
import io.strata.correlator.core.request.Transition;
import io.strata.correlator.core.state.DeviceAnomalyDetector;
import io.strata.correlator.core.state.GpuExemplars;
import io.strata.correlator.core.state.GpuView;
import io.strata.correlator.core.state.NodeView;
import io.strata.correlator.streams.speed.PromptCommit;
import io.strata.events.device.FindingKind;
import io.strata.events.device.XidEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
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
 * The node side: keeps each node's state, pods, claims and GPUs; verifies GPU ownership; enriches
 * device state with its owner and hands it to the workload; reports device trouble, clean samples
 * after it and node state changes to the device-incident side, and tells the affected workload to
 * report its windows there. What a record changes is decided by the pure classes of {@code
 * core.node}; this processor loads the stores, calls them, writes back what changed and sends their
 * {@link NodeForward}s as routed records (ADR 027).
 */
final class NodeProcessor implements Processor<String, NodeInput, String, Routed> {

  private final CorrelatorSettings settings;
  private final SampleDecision samples;
  private final XidDecision xids;
  private final CorrelatorMetrics metrics;
  private final PromptCommit promptCommit;
  private ProcessorContext<String, Routed> context;
  private KeyValueStore<String, NodeView> nodes;
  private KeyValueStore<String, GpuView> gpus;
  private KeyValueStore<String, GpuExemplars> exemplars;
  private static final Duration SWEEP_EVERY = Duration.ofMinutes(10);

  NodeProcessor(CorrelatorSettings settings, CorrelatorMetrics metrics) {
    this.settings = settings;
    Duration grace = settings.ownership().mismatchGrace();
    GpuHandoff handoff =
        new GpuHandoff(
            new DeviceAnomalyDetector(settings.device().temperatureCelsius()),
            settings.windows().advance(),
            RoutingKeys::workload);
    DeviceTrouble trouble = new DeviceTrouble(settings.lifecycle().deviceCleanSamplesToResolve());
    Duration xidLookback = settings.device().xidLookback();
    this.samples =
        new SampleDecision(
            xidLookback,
            new OwnershipMismatch(settings.ownership().reportExporterWithoutOwner(), grace),
            new ClaimAttribution(grace),
            handoff,
            trouble);
    this.xids = new XidDecision(xidLookback, handoff, trouble);
    this.metrics = metrics;
    this.promptCommit = PromptCommit.of(settings.device(), () -> metrics.promptCommit("node"));
  }

  @Override
  public void init(ProcessorContext<String, Routed> context) {
    this.context = context;
    this.promptCommit.init(context);
    this.nodes = context.getStateStore(StoreNames.NODES);
    this.gpus = context.getStateStore(StoreNames.NODE_GPUS);
    this.exemplars = context.getStateStore(StoreNames.NODE_EXEMPLARS);
    context.schedule(SWEEP_EVERY, PunctuationType.STREAM_TIME, this::sweepSilentGpus);
  }

  /** Forgets the GPUs {@link SilentGpus} says to, with the requests they served. */
  private void sweepSilentGpus(long streamTime) {
    Instant now = Instant.ofEpochMilli(streamTime);
    Duration retention = settings.lifecycle().stateRetention();
    List<String> silent = new ArrayList<>();
    try (KeyValueIterator<String, GpuView> all = gpus.all()) {
      while (all.hasNext()) {
        KeyValue<String, GpuView> entry = all.next();
        if (SilentGpus.forgotten(entry.value, now, retention)) {
          silent.add(entry.key);
        }
      }
    }
    silent.forEach(
        key -> {
          gpus.delete(key);
          exemplars.delete(key);
        });
  }

  /**
   * One record touches the node's Kubernetes view (pods, claims, node object, targets: one small
   * entry per node) and at most one GPU (one entry per GPU): the GPU is loaded into the view for
   * the decision and written back alone, so a sample costs the same on a node of 8 or 64 GPUs.
   */
  @Override
  public void process(Record<String, NodeInput> record) {
    promptCommit.onRecord();
    NodeInput input = Objects.requireNonNull(record.value(), "node input");
    if (input instanceof NodeInput.Traces traces) {
      // A sweep's requests of this node, in completion order: each as if it came alone. Their
      // timestamps are not needed: an exemplar is kept by arrival, and nothing is forwarded.
      traces.traces().forEach(trace -> keepExemplar(record.key(), trace));
      return;
    }
    NodeView meta = Optional.ofNullable(nodes.get(record.key())).orElse(NodeView.empty());
    String uuid = gpuOf(input);
    String gpuKey = uuid == null || uuid.isBlank() ? null : record.key() + "/" + uuid;
    GpuView gpuBefore = gpuKey == null ? null : gpus.get(gpuKey);
    NodeView next = decide(record, input, gpuBefore == null ? meta : meta.withGpu(uuid, gpuBefore));
    NodeView nextMeta = next.withoutGpus();
    if (nextMeta.isEmpty()) {
      if (!meta.isEmpty()) {
        nodes.delete(record.key()); // node deleted and nothing of it left: a tombstone
      }
    } else if (!nextMeta.equals(meta)) {
      nodes.put(record.key(), nextMeta);
    }
    GpuView gpuAfter = gpuKey == null ? null : next.gpus().get(uuid);
    if (gpuAfter != null && !gpuAfter.equals(gpuBefore)) {
      gpus.put(gpuKey, gpuAfter);
    }
  }

  /** A request touches only its GPU's exemplars, and only of a GPU the node side knows. */
  private void keepExemplar(String nodeKey, NodeInput.Trace trace) {
    String uuid = trace.gpuUuid();
    if (uuid == null || uuid.isBlank()) {
      return;
    }
    String gpuKey = nodeKey + "/" + uuid;
    if (gpus.get(gpuKey) == null) {
      return;
    }
    GpuExemplars latest = Optional.ofNullable(exemplars.get(gpuKey)).orElse(GpuExemplars.empty());
    exemplars.put(gpuKey, latest.with(trace.trace(), settings.windows().exemplarTraces()));
  }

  /** The GPU a record is about: samples and XIDs name one; Kubernetes objects none. */
  private static String gpuOf(NodeInput input) {
    if (input instanceof NodeInput.Sample sample) {
      return sample.sample().gpuUuid();
    }
    if (input instanceof NodeInput.Xid xid) {
      return xid.xid().gpuUuid();
    }
    return null;
  }

  private NodeView decide(Record<String, NodeInput> record, NodeInput input, NodeView view) {
    Instant at = Instant.ofEpochMilli(record.timestamp());
    if (input instanceof NodeInput.Pod pod) {
      return view.withPod(pod.podKey(), pod.pod());
    }
    if (input instanceof NodeInput.PodRemoved pod) {
      return view.withPod(pod.podKey(), null);
    }
    if (input instanceof NodeInput.Claim claim) {
      return view.withClaim(claim.claimKey(), claim.claim());
    }
    if (input instanceof NodeInput.ClaimRemoved claim) {
      return view.withClaim(claim.claimKey(), null);
    }
    if (input instanceof NodeInput.Node node) {
      return send(record, NodeObjectChange.apply(view, node.node()));
    }
    if (input instanceof NodeInput.NodeRemoved) {
      return send(record, NodeObjectChange.apply(view, null));
    }
    if (input instanceof NodeInput.Sample sample) {
      return send(record, samples.decide(record.key(), view, sample.sample(), at, this::served));
    }
    if (input instanceof NodeInput.Xid xid) {
      return onXid(record, view, xid.xid());
    }
    // NodeInput.Traces: handled in process(), it touches only the GPUs' exemplars.
    return view;
  }

  private NodeView onXid(Record<String, NodeInput> record, NodeView view, XidEvent xid) {
    Transition<NodeView, NodeForward> decided =
        xids.decide(
            record.key(), view, xid, Instant.ofEpochMilli(record.timestamp()), this::served);
    if (XidDecision.opens(xid).isEmpty()) {
      metrics.xidAsEvidenceOnly();
    }
    return send(record, decided);
  }

  /** Sends what a decision says to send, in order, and returns the view it leaves. */
  private NodeView send(Record<String, NodeInput> record, Transition<NodeView, NodeForward> step) {
    step.emits().forEach(forward -> send(record, forward));
    return step.next();
  }

  private void send(Record<String, NodeInput> record, NodeForward forward) {
    if (forward instanceof NodeForward.GpuReleased released) {
      toWorkload(record, released.workload(), WorkloadInput.gpuReleased(released.gpuUuid()));
    } else if (forward instanceof NodeForward.GpuState state) {
      metrics.snapshotToWorkload();
      toWorkload(record, state.workload(), WorkloadInput.gpu(state.snapshot()));
    } else if (forward instanceof NodeForward.WatchDevice watch) {
      toWorkload(record, watch.workload(), WorkloadInput.deviceWatch(watch.trackerKey()));
    } else if (forward instanceof NodeForward.Trouble trouble) {
      toDeviceIncidents(
          record,
          DeviceIncidentInput.trouble(
              trouble.trackerKey(), trouble.trouble(), trouble.workload(), trouble.health()));
      // The device-incident task sees it only once this transaction commits (ADR 041).
      if (trouble.news()) {
        promptCommit.request();
      }
    } else if (forward instanceof NodeForward.Finding finding) {
      if (finding.finding().kind() != FindingKind.RESOLVED) {
        metrics.ownershipMismatch(finding.finding().reason());
      }
      context.forward(
          record.withKey(finding.key()).withValue(new Routed.FindingOut(finding.finding())));
    } else if (forward instanceof NodeForward.Clean clean) {
      toDeviceIncidents(record, DeviceIncidentInput.clean(clean.trackerKey()));
    } else if (forward instanceof NodeForward.NodeHealthChanged changed) {
      toDeviceIncidents(record, DeviceIncidentInput.node(changed.health()));
      // A cordon moves an open incident to MITIGATING: the remediator waits for it.
      promptCommit.request();
    } else {
      // Java 17 has no exhaustive pattern switch: a new NodeForward case must not vanish here.
      throw new IllegalStateException("no route for node forward " + forward.getClass());
    }
  }

  private void toWorkload(Record<String, NodeInput> record, String workload, WorkloadInput input) {
    // An XID or node state judged ahead of a sample backlog carries its own (later) time: what it
    // tells the workload side is stamped no later than the node side's stream time (ADR 039).
    context.forward(
        record
            .withKey(workload)
            .withValue(new Routed.ToWorkload(input))
            .withTimestamp(
                HeadOfLine.towardWorkloads(record.timestamp(), context.currentStreamTimeMs())));
  }

  private void toDeviceIncidents(Record<String, NodeInput> record, DeviceIncidentInput input) {
    context.forward(record.withValue(new Routed.ToDeviceIncidents(input)));
  }

  /** The requests a GPU served, by its cluster/node/gpu key: read only for a device incident. */
  private Optional<GpuExemplars> served(String gpuKey) {
    return Optional.ofNullable(exemplars.get(gpuKey));
  }
}
