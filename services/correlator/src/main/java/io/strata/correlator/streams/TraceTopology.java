package io.strata.correlator.streams;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.core.request.AssembledTrace;
import io.strata.correlator.core.request.SharedValues;
import io.strata.correlator.core.request.VersionRequests;
import io.strata.correlator.streams.speed.SweepSplit;
import io.strata.correlator.streams.speed.TraceCodecs;
import io.strata.correlator.streams.speed.TraceSweep;
import io.strata.events.topic.Topics;
import java.time.Duration;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * The trace side of the topology: spans (already partitioned by trace_id by trace-ingest) put back
 * together into requests by {@link TraceAssembler}, then measured per workload × model_version by
 * {@link RequestSlices} (one append per request; windows aggregated once closed). The requests
 * cross to the version's task one record per version per completion sweep (ADR 040).
 */
final class TraceTopology {

  private TraceTopology() {}

  static KStream<String, TraceSweep> assembleTraces(
      StreamsBuilder builder, CorrelatorSettings settings, CorrelatorMetrics metrics) {
    // An open trace changes with every span: decoded once, encoded once per commit.
    builder.addStateStore(
        CorrelatorStores.writeBehind(
            CorrelatorStores.store(
                settings.storeType(), StoreNames.TRACE_PARTS, TraceCodecs.openTraces()),
            settings.traces().maxOpen()));
    // One interner for every trace task of this instance (SharedValues): each task sees every pod.
    SharedValues shared = SharedValues.upTo(TraceAssembler.SHARED_VALUES);
    return CorrelatorTopology.guarded(
        CorrelatorTopology.source(builder, Topics.TRACE_SPANS, "spans", metrics)
            .filter((traceId, span) -> span != null, Named.as("spans-present")),
        () -> new TraceAssembler(settings, metrics, shared),
        "trace-assembly",
        Topics.TRACE_SPANS.valueSerde(),
        metrics,
        StoreNames.TRACE_PARTS);
  }

  static KStream<String, WorkloadInput> measureWindows(
      StreamsBuilder builder,
      KStream<String, TraceSweep> traces,
      CorrelatorSettings settings,
      CorrelatorMetrics metrics) {
    StoreBuilder<KeyValueStore<String, Long>> marks =
        CorrelatorStores.store(
            settings.storeType(), StoreNames.REQUEST_WINDOW_MARKS, Serdes.Long());
    Duration retention = RequestSlices.retention(settings.windows());
    Duration slice = settings.windows().advance();
    builder.addStateStore(
        Stores.windowStoreBuilder(
            settings.storeType() == Materialized.StoreType.IN_MEMORY
                ? Stores.inMemoryWindowStore(StoreNames.REQUEST_SLICES, retention, slice, true)
                : Stores.persistentWindowStore(StoreNames.REQUEST_SLICES, retention, slice, true),
            Serdes.String(),
            TraceCodecs.assembled()));
    builder.addStateStore(marks);
    return CorrelatorTopology.guarded(
        traces
            .process(
                () ->
                    new SweepSplit<VersionRequests>(
                        TraceTopology::workloadVersion, VersionRequests::new),
                Named.as("traces-by-workload-version"))
            .repartition(
                Repartitioned.with(Serdes.String(), TraceCodecs.versionRequests())
                    .withName("requests-by-workload-version")
                    .withNumberOfPartitions(settings.internalPartitions())),
        () -> new RequestSlices(settings, metrics),
        "request-windows",
        TraceCodecs.versionRequests(),
        metrics,
        StoreNames.REQUEST_SLICES,
        StoreNames.REQUEST_WINDOW_MARKS);
  }

  /** Where a request is measured; {@code null} when it names no workload and joins no window. */
  private static String workloadVersion(AssembledTrace trace) {
    return trace.attributable() ? RoutingKeys.workloadVersion(trace.correlation()) : null;
  }
}
