package io.strata.correlator.streams;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.core.request.AssembledTrace;
import io.strata.correlator.core.state.EventMark;
import io.strata.correlator.streams.speed.SweepSplit;
import io.strata.correlator.streams.speed.TraceSweep;
import io.strata.events.EventType;
import io.strata.events.device.DeviceFinding;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.XidEvent;
import io.strata.events.incident.Incident;
import io.strata.events.k8s.NodeState;
import io.strata.events.k8s.WorkloadEvent;
import io.strata.events.serde.JsonSerde;
import io.strata.events.topic.NodePartitioning;
import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.processor.api.ProcessorSupplier;

/**
 * The whole correlator as one Kafka Streams topology, built by one pure method. Three sides, each
 * partitioned by its own key: traces (trace_id: session windows assemble requests, then workload ×
 * model_version hopping windows measure them), nodes (cluster/node: pods, claims and GPUs meet
 * there, so ownership is checked locally), workloads (cluster/namespace/workload: windows meet the
 * workload's GPUs, pods and events, and are classified) and device incidents (cluster/node: device
 * trouble and node state meet the window verdicts of the workloads they affect). Alertmanager
 * alerts reach the device-incident side by the node they name and the workload side by the
 * workload.
 */
public final class CorrelatorTopology {

  private CorrelatorTopology() {}

  public static Topology build(CorrelatorSettings settings, CorrelatorMetrics metrics) {
    StreamsBuilder builder = new StreamsBuilder();
    CorrelatorStores.addAll(builder, settings);
    KStream<String, Routed> pods =
        guarded(
            source(builder, Topics.K8S_PODS, "pods", metrics),
            PodRouter::new,
            "pod-router",
            Topics.K8S_PODS.valueSerde(),
            metrics,
            StoreNames.POD_ROUTES);
    KStream<String, Routed> claims =
        guarded(
            source(builder, Topics.K8S_CLAIMS, "claims", metrics),
            ClaimRouter::new,
            "claim-router",
            Topics.K8S_CLAIMS.valueSerde(),
            metrics,
            StoreNames.CLAIM_ROUTES);
    // Samples, XIDs and node states are node-partitioned by their producers (Partitioning.NODE,
    // docs/EVENTS.md): they reach the node side without a repartition. Only what is keyed
    // otherwise (pods, claims, request exemplars) is repartitioned, onto a topic with the same
    // partition count and the same partitioning, so partition p of every input holds the same
    // nodes.
    KStream<String, NodeInput> samples =
        guarded(
            source(builder, Topics.DEVICE_SAMPLES, "samples", metrics)
                .filter((key, sample) -> sample != null, Named.as("samples-present")),
            () ->
                new Rekey<DeviceSample, NodeInput>(
                    sample -> RoutingKeys.node(sample.cluster(), sample.node()), NodeInput::sample),
            "samples-by-node",
            Topics.DEVICE_SAMPLES.valueSerde(),
            metrics);
    KStream<String, NodeInput> xids =
        guarded(
            HeadOfLine.source(builder, Topics.DEVICE_XIDS, "xids", metrics, XidEvent::detectedAt)
                .filter((key, xid) -> xid != null, Named.as("xids-present")),
            () ->
                new Rekey<XidEvent, NodeInput>(
                    xid -> RoutingKeys.node(xid.cluster(), xid.node()), NodeInput::xid),
            "xids-by-node",
            Topics.DEVICE_XIDS.valueSerde(),
            metrics);
    // XIDs and node states go ahead of a sample backlog on their task (HeadOfLine, ADR 039): a
    // device fault is judged, and the node's cordon seen, without waiting for older samples.
    KStream<String, NodeInput> nodeStates =
        HeadOfLine.source(builder, Topics.K8S_NODES, "nodes", metrics, NodeState::observedAt)
            .mapValues(NodeInput::node, Named.as("node-states"));
    KStream<String, TraceSweep> traces = TraceTopology.assembleTraces(builder, settings, metrics);
    // One record per node per completion sweep, not one per request (ADR 040).
    KStream<String, NodeInput> nodeTraces =
        traces.process(
            () -> new SweepSplit<NodeInput>(CorrelatorTopology::gpuNode, NodeInput::traces),
            Named.as("traces-by-node"));

    RoutedBranches podOut =
        RoutedBranches.split(pods, "pod", List.of(Routed.ToNode.class, Routed.ToWorkload.class));
    RoutedBranches claimOut = RoutedBranches.split(claims, "claim", List.of(Routed.ToNode.class));
    KStream<String, NodeInput> rekeyedNodeInputs =
        podOut
            .nodeInputs()
            .merge(claimOut.nodeInputs(), Named.as("merge-claims"))
            .merge(nodeTraces, Named.as("merge-node-traces"))
            .repartition(
                // Exemplars (one record per node per sweep) in binary; pods and claims JSON.
                Repartitioned.with(Serdes.String(), new NodeInputSerde())
                    .withName("node-inputs")
                    .withNumberOfPartitions(settings.nodePartitions())
                    .withStreamPartitioner(
                        (topic, key, value, partitions) ->
                            java.util.Optional.of(
                                java.util.Set.of(NodePartitioning.partition(key, partitions)))));
    RoutedBranches nodeOut =
        RoutedBranches.split(
            guarded(
                samples
                    .merge(xids, Named.as("merge-xids"))
                    .merge(nodeStates, Named.as("merge-node-states"))
                    .merge(rekeyedNodeInputs, Named.as("merge-rekeyed-node-inputs")),
                () -> new NodeProcessor(settings, metrics),
                "node-processor",
                json(NodeInput.class),
                metrics,
                StoreNames.NODES,
                StoreNames.NODE_GPUS,
                StoreNames.NODE_EXEMPLARS),
            "node",
            List.of(
                Routed.ToWorkload.class, Routed.ToDeviceIncidents.class, Routed.FindingOut.class));

    // Alertmanager alerts: to the device-incident side by node, to the workload side by workload,
    // each merged into that side's repartition like the side's other inputs.
    RoutedBranches alertOut =
        RoutedBranches.split(
            guarded(
                source(builder, Topics.ALERTS, "alerts", metrics)
                    .filter((key, alert) -> alert != null, Named.as("alerts-present")),
                () -> new AlertRouter(settings.alerts(), metrics),
                "alert-router",
                Topics.ALERTS.valueSerde(),
                metrics),
            "alert",
            List.of(Routed.ToWorkload.class, Routed.ToDeviceIncidents.class));

    KStream<String, WorkloadInput> windows =
        TraceTopology.measureWindows(builder, traces, settings, metrics);
    KStream<String, WorkloadInput> events =
        source(builder, Topics.K8S_EVENTS, "events", metrics)
            .filter((key, event) -> event != null, Named.as("events-present"))
            .filter(
                (key, event) -> {
                  boolean known = workloadKey(event) != null;
                  if (!known) {
                    metrics.eventWithoutWorkload();
                  }
                  return known;
                },
                Named.as("events-with-workload"))
            .map(
                (key, event) ->
                    KeyValue.pair(
                        workloadKey(event),
                        WorkloadInput.event(EventMark.of(event, eventTime(event)))),
                Named.as("events-by-workload"));
    RoutedBranches workloadOut =
        RoutedBranches.split(
            guarded(
                podOut
                    .workloadInputs()
                    .merge(nodeOut.workloadInputs(), Named.as("merge-device-state"))
                    .merge(windows, Named.as("merge-windows"))
                    .merge(events, Named.as("merge-events"))
                    .merge(alertOut.workloadInputs(), Named.as("merge-alert-workload-inputs"))
                    .repartition(
                        // Owned GPUs' snapshots (most records) in binary; the rest JSON.
                        Repartitioned.with(Serdes.String(), new WorkloadInputSerde())
                            .withName("workload-inputs")
                            .withNumberOfPartitions(settings.internalPartitions())),
                () -> new WorkloadProcessor(settings, metrics),
                "workload-processor",
                json(WorkloadInput.class),
                metrics,
                StoreNames.WORKLOADS,
                StoreNames.WORKLOAD_GPUS,
                StoreNames.WORKLOAD_PODS,
                StoreNames.BASELINES,
                StoreNames.REQUEST_INCIDENTS,
                StoreNames.DEVICE_WATCHES),
            "workload",
            List.of(Routed.ToDeviceIncidents.class, Routed.IncidentOut.class));
    RoutedBranches deviceOut =
        RoutedBranches.split(
            guarded(
                nodeOut
                    .deviceInputs()
                    .merge(workloadOut.deviceInputs(), Named.as("merge-device-verdicts"))
                    .merge(alertOut.deviceInputs(), Named.as("merge-alert-device-inputs"))
                    .repartition(
                        Repartitioned.with(Serdes.String(), json(DeviceIncidentInput.class))
                            .withName("device-incident-inputs")
                            .withNumberOfPartitions(settings.internalPartitions())),
                () -> new DeviceIncidentProcessor(settings, metrics),
                "device-incident-processor",
                json(DeviceIncidentInput.class),
                metrics,
                StoreNames.DEVICE_INCIDENTS),
            "device",
            List.of(Routed.IncidentOut.class));

    // One CloudEvents stamp and sink per side, never a merge: a merge would join the
    // device-incident
    // and workload processors into one sub-topology, whose task then synchronises
    // device-incident-inputs with workload-inputs by timestamp, and a device fault would wait there
    // behind a workload backlog older than it (ADR 039). Apart, the device-incident side is a task
    // of
    // its own that reads device-incident-inputs in order.
    incidentsOut(deviceOut.incidents(), "device");
    incidentsOut(workloadOut.incidents(), "workload");
    nodeOut
        .findings()
        .processValues(
            () ->
                new CloudEventStamp<DeviceFinding>(
                    EventType.DEVICE_FINDING,
                    f -> f.findingId() + "/" + f.kind(),
                    DeviceFinding::detectedAt),
            Named.as("finding-cloudevents"))
        .to(Topics.DEVICE_FINDINGS.name(), produced(Topics.DEVICE_FINDINGS, "findings-sink"));
    return builder.build();
  }

  /** The node whose GPU served a request; {@code null} when the request names no GPU there. */
  private static String gpuNode(AssembledTrace trace) {
    if (trace.gpuUuid() == null
        || trace.correlation().cluster() == null
        || trace.correlation().node() == null) {
      return null;
    }
    return RoutingKeys.node(trace.correlation().cluster(), trace.correlation().node());
  }

  private static void incidentsOut(KStream<String, Incident> incidents, String side) {
    incidents
        .processValues(
            () ->
                new CloudEventStamp<Incident>(
                    EventType.INCIDENT,
                    i -> i.incidentId() + "/" + i.revision(),
                    Incident::updatedAt),
            Named.as(side + "-incident-cloudevents"))
        .to(Topics.INCIDENTS.name(), produced(Topics.INCIDENTS, side + "-incidents-sink"));
  }

  /**
   * An input topic read as bytes and decoded by the topology's first step ({@code <name>-decode}),
   * so an unreadable record becomes a dead letter in the task's transaction.
   */
  static <V> KStream<String, V> source(
      StreamsBuilder builder, Topic<String, V> topic, String name, CorrelatorMetrics metrics) {
    KStream<String, Guarded<V>> decoded =
        builder.stream(
                topic.name(),
                Consumed.with(Serdes.ByteArray(), Serdes.ByteArray()).withName(name + "-source"))
            .process(() -> new SourceDecoder<>(topic, metrics), Named.as(name + "-decode"));
    return DeadLetters.values(decoded, name + "-decode");
  }

  /**
   * A stateful step whose failure on one input parks that input as a dead letter in the task's
   * transaction ({@link GuardedProcessor}); {@code inputs} writes the parked input.
   */
  static <VIn, VOut> KStream<String, VOut> guarded(
      KStream<String, VIn> in,
      ProcessorSupplier<String, VIn, String, VOut> step,
      String name,
      Serde<VIn> inputs,
      CorrelatorMetrics metrics,
      String... stores) {
    return DeadLetters.values(
        in.process(
            GuardedProcessor.of(step, name, inputs.serializer(), metrics), Named.as(name), stores),
        name);
  }

  private static <V> Produced<String, V> produced(Topic<String, V> topic, String name) {
    return Produced.with(topic.keySerde(), topic.valueSerde()).withName(name);
  }

  static <T> Serde<T> json(Class<T> type) {
    return new JsonSerde<>(type);
  }

  private static String workloadKey(WorkloadEvent event) {
    return RoutingKeys.workload(
        event.correlation().cluster() == null
            ? event.correlation().withCluster(event.cluster())
            : event.correlation());
  }

  private static Instant eventTime(WorkloadEvent event) {
    if (event.lastTimestamp() != null) {
      return event.lastTimestamp();
    }
    return event.observedAt() != null ? event.observedAt() : event.firstTimestamp();
  }
}
