package io.strata.correlator.streams;

import static io.strata.correlator.streams.CorrelatorTopology.json;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.core.incident.DeviceRecovery;
import io.strata.correlator.core.incident.DeviceWatch;
import io.strata.correlator.core.incident.IncidentTracker;
import io.strata.correlator.core.request.BaselineTracker;
import io.strata.correlator.core.state.GpuView;
import io.strata.correlator.core.state.NodeView;
import io.strata.correlator.core.state.PodBrief;
import io.strata.correlator.core.state.WorkloadView;
import io.strata.correlator.streams.speed.NodeCodecs;
import io.strata.correlator.streams.speed.RefreshPolicy;
import io.strata.correlator.streams.speed.WorkloadCodecs;
import io.strata.correlator.streams.speed.WriteBehindStore;
import io.strata.correlator.streams.speed.WriteBehindStoreBuilder;
import io.strata.events.k8s.ClaimState;
import io.strata.events.k8s.PodState;
import java.time.Duration;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * The correlator's state stores and how each is kept: every one changelogged; Kafka Streams' cache
 * in front of each, except the node side's, which sit behind a {@link WriteBehindStore} that
 * decodes an entry once and writes it down once per commit (or, for a GPU's readings and exemplars,
 * later: ADR 042). The trace side adds its own stores: open traces, request slices and their window
 * marks ({@link TraceTopology}).
 */
final class CorrelatorStores {

  private CorrelatorStores() {}

  /** Adds every store the topology's processors name, in the storage {@code settings} asks for. */
  static void addAll(StreamsBuilder builder, CorrelatorSettings settings) {
    Materialized.StoreType type = settings.storeType();
    addStore(builder, type, StoreNames.POD_ROUTES, json(PodState.class));
    addStore(builder, type, StoreNames.CLAIM_ROUTES, json(ClaimState.class));
    // The node side's entries change with every sample or request: decoded and written down once
    // per commit (WriteBehindStore), GPUs and their exemplars in binary.
    builder.addStateStore(
        writeBehind(store(type, StoreNames.NODES, json(NodeView.class)), CACHED_NODES));
    // A GPU's newest readings and served requests are evidence, not state a decision turns on:
    // written with the GPU's next change that matters or after readings-max-deferral (ADR 042).
    Duration readings = settings.device().readingsMaxDeferral();
    builder.addStateStore(
        writeBehind(
            store(type, StoreNames.NODE_GPUS, NodeCodecs.gpuViews()),
            CACHED_GPUS,
            RefreshPolicy.of(GpuView::onlyReadingsChanged, readings)));
    builder.addStateStore(
        writeBehind(
            store(type, StoreNames.NODE_EXEMPLARS, NodeCodecs.gpuExemplars()),
            CACHED_GPUS,
            RefreshPolicy.of((current, next) -> true, readings)));
    addStore(builder, type, StoreNames.DEVICE_INCIDENTS, json(DeviceRecovery.class));
    addStore(builder, type, StoreNames.DEVICE_WATCHES, json(DeviceWatch.class));
    addStore(builder, type, StoreNames.WORKLOADS, json(WorkloadView.class));
    addStore(builder, type, StoreNames.WORKLOAD_GPUS, WorkloadCodecs.gpuSnapshots());
    addStore(builder, type, StoreNames.WORKLOAD_PODS, json(PodBrief.class));
    addStore(builder, type, StoreNames.BASELINES, json(BaselineTracker.class));
    addStore(builder, type, StoreNames.REQUEST_INCIDENTS, json(IncidentTracker.class));
  }

  private static <V> void addStore(
      StreamsBuilder builder, Materialized.StoreType type, String name, Serde<V> values) {
    builder.addStateStore(store(type, name, values));
  }

  /** Decoded entries kept per task: enough for every node and GPU one correlator instance owns. */
  private static final int CACHED_NODES = 20_000;

  private static final int CACHED_GPUS = 100_000;

  static <V> StoreBuilder<KeyValueStore<String, V>> writeBehind(
      StoreBuilder<KeyValueStore<String, V>> below, int maxCleanEntries) {
    return writeBehind(below, maxCleanEntries, RefreshPolicy.never());
  }

  static <V> StoreBuilder<KeyValueStore<String, V>> writeBehind(
      StoreBuilder<KeyValueStore<String, V>> below, int maxCleanEntries, RefreshPolicy<V> refresh) {
    // Kafka Streams' record cache below a write-behind store would only copy its once-per-commit
    // writes into a sorted map of byte keys and look up every miss twice: the write-behind layer
    // already writes each key once per commit.
    return new WriteBehindStoreBuilder<>(below.withCachingDisabled(), maxCleanEntries, refresh);
  }

  static <V> StoreBuilder<KeyValueStore<String, V>> store(
      Materialized.StoreType type, String name, Serde<V> values) {
    // Cached: writes to one key within a commit interval reach the store and its changelog once
    // (a trace's six spans, a trace created and completed within one commit: one record, not
    // seven), which is most of what the broker has to take from the correlator.
    return Stores.<String, V>keyValueStoreBuilder(
            type == Materialized.StoreType.IN_MEMORY
                ? Stores.inMemoryKeyValueStore(name)
                : Stores.persistentKeyValueStore(name),
            Serdes.String(),
            values)
        .withCachingEnabled();
  }
}
