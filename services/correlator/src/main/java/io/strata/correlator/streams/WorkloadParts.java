package io.strata.correlator.streams;

import io.strata.correlator.core.state.GpuSnapshot;
import io.strata.correlator.core.state.PodBrief;
import io.strata.correlator.core.state.WorkloadView;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.function.Function;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * A workload's state is kept at the grain it changes: its GPUs ({@link StoreNames#WORKLOAD_GPUS},
 * workload|gpu_uuid) and pods ({@link StoreNames#WORKLOAD_PODS}, workload|pod key) one entry each,
 * the rest (events, model versions, last window) in {@link StoreNames#WORKLOADS}. A GPU sample
 * rewrites one small entry, whatever the workload's size; the whole view is assembled only where it
 * is judged (once per window) or queried.
 */
public final class WorkloadParts {

  private static final StringSerializer KEYS = new StringSerializer();

  private WorkloadParts() {}

  public static String partKey(String workloadKey, String part) {
    return workloadKey + "|" + part;
  }

  /** The stored view without its GPUs and pods (what {@link StoreNames#WORKLOADS} holds). */
  public static WorkloadView meta(WorkloadView view) {
    return new WorkloadView(null, null, view.events(), view.modelVersions(), view.lastWindow());
  }

  /** The workload's whole view: its stored part with its GPUs and pods read by prefix. */
  public static WorkloadView assemble(
      String workloadKey,
      WorkloadView stored,
      ReadOnlyKeyValueStore<String, GpuSnapshot> gpus,
      ReadOnlyKeyValueStore<String, PodBrief> pods) {
    WorkloadView meta = stored == null ? WorkloadView.empty() : stored;
    return new WorkloadView(
        read(workloadKey, gpus),
        read(workloadKey, pods),
        meta.events(),
        meta.modelVersions(),
        meta.lastWindow());
  }

  /** Whether anything of the workload is still kept in one of its part stores. */
  static boolean hasParts(String workloadKey, ReadOnlyKeyValueStore<String, ?> store) {
    try (KeyValueIterator<String, ?> all = store.prefixScan(workloadKey + "|", KEYS)) {
      return all.hasNext();
    }
  }

  /**
   * Hands the values kept under the workload's prefix (one per part, e.g. per model version) to
   * {@code reader} and closes the store scan after it returns, so a pure rule can read them.
   */
  static <V, R> R scanParts(
      String workloadKey, ReadOnlyKeyValueStore<String, V> store, Function<Iterator<V>, R> reader) {
    try (KeyValueIterator<String, V> all = store.prefixScan(workloadKey + "|", KEYS)) {
      return reader.apply(
          new Iterator<>() {
            @Override
            public boolean hasNext() {
              return all.hasNext();
            }

            @Override
            public V next() {
              return all.next().value;
            }
          });
    }
  }

  private static <V> Map<String, V> read(
      String workloadKey, ReadOnlyKeyValueStore<String, V> store) {
    String prefix = workloadKey + "|";
    Map<String, V> parts = new HashMap<>();
    try (KeyValueIterator<String, V> all = store.prefixScan(prefix, KEYS)) {
      all.forEachRemaining(e -> parts.put(e.key.substring(prefix.length()), e.value));
    }
    return parts;
  }
}
