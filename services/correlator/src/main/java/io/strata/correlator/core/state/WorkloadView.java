package io.strata.correlator.core.state;

import io.strata.correlator.core.request.WindowStats;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Everything the correlator knows about one workload between windows: its GPUs (with device state),
 * its pods, recent Kubernetes events, the model versions it has served and its latest window.
 * Immutable; the {@code with*} methods return updated copies.
 *
 * @param modelVersions model_version → when it was first seen
 */
public record WorkloadView(
    Map<String, GpuSnapshot> gpus,
    Map<String, PodBrief> pods,
    List<EventMark> events,
    Map<String, Instant> modelVersions,
    WindowStats lastWindow) {

  /** Bounds the kept events; the lookback prunes them first. */
  static final int MAX_EVENTS = 50;

  public WorkloadView {
    gpus = gpus == null ? Map.of() : Map.copyOf(gpus);
    pods = pods == null ? Map.of() : Map.copyOf(pods);
    events = events == null ? List.of() : List.copyOf(events);
    modelVersions = modelVersions == null ? Map.of() : Map.copyOf(modelVersions);
  }

  public static WorkloadView empty() {
    return new WorkloadView(null, null, null, null, null);
  }

  public WorkloadView withGpu(GpuSnapshot gpu) {
    Map<String, GpuSnapshot> next = new HashMap<>(gpus);
    next.put(gpu.gpuUuid(), gpu);
    return new WorkloadView(next, pods, events, modelVersions, lastWindow);
  }

  public WorkloadView withPod(PodBrief pod) {
    Map<String, PodBrief> next = new HashMap<>(pods);
    next.put(pod.podKey(), pod);
    return new WorkloadView(
        gpus, next, events, seen(pod.modelVersion(), pod.observedAt()), lastWindow);
  }

  public WorkloadView withEvent(EventMark event, Duration keep) {
    List<EventMark> next = new ArrayList<>(eventsSince(event.at().minus(keep)));
    if (event.eventUid() != null) {
      // The same event again (a resync or a higher count): one line with its latest count.
      next.removeIf(e -> event.eventUid().equals(e.eventUid()));
    }
    next.add(event);
    while (next.size() > MAX_EVENTS) {
      next.remove(0);
    }
    return new WorkloadView(gpus, pods, next, modelVersions, lastWindow);
  }

  public WorkloadView withWindow(WindowStats window) {
    return new WorkloadView(
        gpus,
        pods,
        events,
        seen(window.correlation().modelVersion(), window.windowStart()),
        window);
  }

  public List<EventMark> eventsSince(Instant since) {
    return events.stream().filter(e -> e.at() != null && !e.at().isBefore(since)).toList();
  }

  /** GPUs allocated to the workload: those seen held by its pods, else what its pods request. */
  public int allocatedGpus() {
    if (!gpus.isEmpty()) {
      return gpus.size();
    }
    long requested =
        pods.values().stream()
            .filter(p -> !p.waitingForAllocation())
            .mapToLong(PodBrief::gpusRequested)
            .sum();
    return (int) Math.min(Integer.MAX_VALUE, requested);
  }

  /** The GPUs that served the given pods or GPU ids, falling back to all of the workload's. */
  public List<GpuSnapshot> servingGpus(Set<String> gpuUuids, Set<String> podKeys) {
    List<GpuSnapshot> serving =
        gpus.values().stream()
            .filter(g -> gpuUuids.contains(g.gpuUuid()) || podKeys.contains(g.podKey()))
            .sorted(java.util.Comparator.comparing(GpuSnapshot::gpuUuid))
            .toList();
    if (!serving.isEmpty()) {
      return serving;
    }
    return gpus.values().stream()
        .sorted(java.util.Comparator.comparing(GpuSnapshot::gpuUuid))
        .toList();
  }

  private Map<String, Instant> seen(String modelVersion, Instant at) {
    if (modelVersion == null || at == null || modelVersions.containsKey(modelVersion)) {
      return modelVersions;
    }
    Map<String, Instant> next = new HashMap<>(modelVersions);
    next.put(modelVersion, at);
    return next;
  }
}
