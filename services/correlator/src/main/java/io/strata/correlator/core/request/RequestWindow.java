package io.strata.correlator.core.request;

import io.strata.events.Correlation;
import io.strata.events.trace.Stage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;

/**
 * The running aggregate of one workload × model_version window: counts, an HdrHistogram of request
 * latency and one per stage, and the slowest requests as exemplars. Mergeable ({@link #merge}) so
 * windows can be combined, and encodable ({@link RequestWindowSerde}) for the window store.
 */
public final class RequestWindow {

  /** Nodes and GPUs are kept for the incident's scope; past this many the scope is wide anyway. */
  static final int MAX_SCOPE_ENTRIES = 64;

  Correlation correlation = Correlation.empty();
  long requests;
  long errors;
  long withinSlo;
  long outputTokensWithinSlo;
  final Histogram latency;
  final Map<Stage, Histogram> stages;
  final List<AssembledTrace> exemplars = new ArrayList<>();
  final TreeSet<String> nodes = new TreeSet<>();
  final TreeSet<String> gpus = new TreeSet<>();

  /** node|gpu → its requests; bounded like nodes and GPUs (past it, requests are not placed). */
  final TreeMap<String, Placement> placements = new TreeMap<>();

  /** The first failed requests, so an error-rate regression can show its errors. */
  final List<AssembledTrace> errorExemplars = new ArrayList<>();

  public RequestWindow() {
    this(LatencyHistograms.create(), new EnumMap<>(Stage.class));
  }

  RequestWindow(Histogram latency, Map<Stage, Histogram> stages) {
    this.latency = latency;
    this.stages = stages;
  }

  /**
   * Adds one request.
   *
   * @param sloMillis the latency a successful request must meet to count toward effective
   *     throughput
   * @param exemplarLimit how many of the slowest requests to keep
   */
  public RequestWindow add(AssembledTrace trace, double sloMillis, int exemplarLimit) {
    correlation = correlation.orElse(identity(trace.correlation()));
    requests++;
    if (trace.error()) {
      errors++;
    } else if (trace.durationMillis() <= sloMillis) {
      withinSlo++;
      outputTokensWithinSlo += trace.outputTokens() == null ? 0 : trace.outputTokens();
    }
    LatencyHistograms.recordMillis(latency, trace.durationMillis());
    for (Stage stage : TraceAccumulator.PATH_STAGES) {
      Double millis = trace.stageMillis().get(stage);
      if (millis != null) {
        LatencyHistograms.recordMillis(
            stages.computeIfAbsent(stage, s -> LatencyHistograms.create()), millis);
      }
    }
    addBounded(nodes, trace.correlation().node());
    addBounded(gpus, trace.gpuUuid());
    placement(Placement.key(trace.correlation().node(), trace.gpuUuid()))
        .ifPresent(p -> p.add(trace.durationMillis(), trace.error()));
    if (trace.error() && errorExemplars.size() < exemplarLimit) {
      errorExemplars.add(trace);
    }
    exemplars.add(trace);
    trimExemplars(exemplarLimit);
    return this;
  }

  /** Folds another window's requests into this one. */
  public RequestWindow merge(RequestWindow other, int exemplarLimit) {
    correlation = correlation.orElse(other.correlation);
    requests += other.requests;
    errors += other.errors;
    withinSlo += other.withinSlo;
    outputTokensWithinSlo += other.outputTokensWithinSlo;
    latency.add(other.latency);
    other.stages.forEach(
        (stage, histogram) ->
            stages.computeIfAbsent(stage, s -> LatencyHistograms.create()).add(histogram));
    other.nodes.forEach(node -> addBounded(nodes, node));
    other.gpus.forEach(gpu -> addBounded(gpus, gpu));
    other.placements.forEach((key, p) -> placement(key).ifPresent(mine -> mine.merge(p)));
    for (AssembledTrace error : other.errorExemplars) {
      if (errorExemplars.size() < exemplarLimit) {
        errorExemplars.add(error);
      }
    }
    exemplars.addAll(other.exemplars);
    trimExemplars(exemplarLimit);
    return this;
  }

  public long requests() {
    return requests;
  }

  public WindowStats stats(Instant windowStart, Instant windowEnd) {
    Map<Stage, Double> stageP95 = new EnumMap<>(Stage.class);
    stages.forEach(
        (stage, histogram) ->
            stageP95.put(stage, LatencyHistograms.percentileMillis(histogram, 95.0)));
    return new WindowStats(
        correlation,
        windowStart,
        windowEnd,
        requests,
        errors,
        LatencyHistograms.percentileMillis(latency, 50.0),
        LatencyHistograms.percentileMillis(latency, 95.0),
        LatencyHistograms.percentileMillis(latency, 99.0),
        stageP95,
        withinSlo,
        outputTokensWithinSlo,
        exemplars,
        List.copyOf(nodes),
        List.copyOf(gpus),
        placements.entrySet().stream().map(e -> e.getValue().stats(e.getKey())).toList(),
        errorExemplars);
  }

  private java.util.Optional<Placement> placement(String key) {
    Placement existing = placements.get(key);
    if (existing == null && placements.size() < MAX_SCOPE_ENTRIES) {
      existing = new Placement();
      placements.put(key, existing);
    }
    return java.util.Optional.ofNullable(existing);
  }

  /** Only the keys that identify the window's workload × model_version, not one pod or node. */
  private static Correlation identity(Correlation c) {
    return Correlation.builder()
        .cluster(c.cluster())
        .namespace(c.namespace())
        .workload(c.workload())
        .modelVersion(c.modelVersion())
        .queue(c.queue())
        .acceleratorType(c.acceleratorType())
        .build();
  }

  private void trimExemplars(int limit) {
    exemplars.sort(
        Comparator.comparingDouble(AssembledTrace::durationMillis)
            .reversed()
            .thenComparing(AssembledTrace::traceId, Comparator.nullsLast(String::compareTo)));
    while (exemplars.size() > Math.max(0, limit)) {
      exemplars.remove(exemplars.size() - 1);
    }
  }

  private static void addBounded(TreeSet<String> set, String value) {
    if (value != null && set.size() < MAX_SCOPE_ENTRIES) {
      set.add(value);
    }
  }
}
