package io.strata.correlator.api;

import io.strata.correlator.core.incident.DeviceRecovery;
import io.strata.correlator.core.incident.IncidentTracker;
import io.strata.correlator.core.request.BaselineTracker;
import io.strata.correlator.core.state.GpuSnapshot;
import io.strata.correlator.core.state.PodBrief;
import io.strata.correlator.core.state.WorkloadView;
import io.strata.correlator.streams.StoreNames;
import io.strata.correlator.streams.WorkloadParts;
import io.strata.events.incident.Incident;
import jakarta.ws.rs.ServiceUnavailableException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Interactive queries over this instance's state stores: the partitions it owns. {@link
 * InstanceRouter} adds the other instances' answers.
 */
public final class LocalStores {

  private final KafkaStreams streams;

  public LocalStores(KafkaStreams streams) {
    this.streams = streams;
  }

  /** The latest version of every incident this instance tracks (unordered). */
  public List<Incident> incidents() {
    return queryable(this::readIncidents);
  }

  public Map<String, WorkloadView> workloads() {
    return queryable(this::readWorkloads);
  }

  public WorkloadView workload(String workloadKey) {
    return queryable(() -> assembled(workloadKey));
  }

  /** model_version → baseline tracker of one workload. */
  public Map<String, BaselineTracker> baselines(String workloadKey) {
    return queryable(() -> readBaselines(workloadKey));
  }

  /** Stores answer only while the app is RUNNING; during a rebalance or restore: 503, retry. */
  private <T> T queryable(Supplier<T> query) {
    try {
      return query.get();
    } catch (InvalidStateStoreException e) {
      throw new ServiceUnavailableException(
          "state stores are not queryable now (" + streams.state() + "): " + e.getMessage(), 5L);
    }
  }

  private List<Incident> readIncidents() {
    List<Incident> all = new ArrayList<>();
    try (KeyValueIterator<String, DeviceRecovery> trackers =
        this.<DeviceRecovery>store(StoreNames.DEVICE_INCIDENTS).all()) {
      trackers.forEachRemaining(
          entry -> {
            if (entry.value.tracker().current() != null) {
              all.add(entry.value.tracker().current());
            }
          });
    }
    try (KeyValueIterator<String, IncidentTracker> trackers =
        this.<IncidentTracker>store(StoreNames.REQUEST_INCIDENTS).all()) {
      trackers.forEachRemaining(
          entry -> {
            if (entry.value.current() != null) {
              all.add(entry.value.current());
            }
          });
    }
    return all;
  }

  private Map<String, WorkloadView> readWorkloads() {
    Map<String, WorkloadView> all = new LinkedHashMap<>();
    try (KeyValueIterator<String, WorkloadView> views =
        this.<WorkloadView>store(StoreNames.WORKLOADS).all()) {
      views.forEachRemaining(entry -> all.put(entry.key, assembled(entry.key)));
    }
    return all;
  }

  /** The workload's view with its GPUs and pods, which are kept one per entry. */
  private WorkloadView assembled(String workloadKey) {
    WorkloadView stored = this.<WorkloadView>store(StoreNames.WORKLOADS).get(workloadKey);
    if (stored == null) {
      return null;
    }
    return WorkloadParts.assemble(
        workloadKey,
        stored,
        this.<GpuSnapshot>store(StoreNames.WORKLOAD_GPUS),
        this.<PodBrief>store(StoreNames.WORKLOAD_PODS));
  }

  private Map<String, BaselineTracker> readBaselines(String workloadKey) {
    Map<String, BaselineTracker> all = new LinkedHashMap<>();
    try (KeyValueIterator<String, BaselineTracker> trackers =
        this.<BaselineTracker>store(StoreNames.BASELINES)
            .prefixScan(workloadKey + "|", new StringSerializer())) {
      while (trackers.hasNext()) {
        KeyValue<String, BaselineTracker> entry = trackers.next();
        all.put(entry.key.substring(workloadKey.length() + 1), entry.value);
      }
    }
    return all;
  }

  private <V> ReadOnlyKeyValueStore<String, V> store(String name) {
    try {
      return streams.store(
          StoreQueryParameters.fromNameAndType(
              name, QueryableStoreTypes.<String, V>keyValueStore()));
    } catch (InvalidStateStoreException e) {
      throw new ServiceUnavailableException(
          "state store " + name + " is not queryable yet (" + streams.state() + ")", 5L);
    }
  }
}
