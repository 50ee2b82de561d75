package io.strata.correlator.streams;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.core.request.AssembledTrace;
import io.strata.correlator.core.request.RequestWindow;
import io.strata.correlator.core.request.TimedTrace;
import io.strata.correlator.core.request.VersionRequests;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.kstream.Windowed;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.WindowStore;
import org.apache.kafka.streams.state.WindowStoreIterator;

/**
 * Request windows at one small append per request: each request is kept once, by workload ×
 * model_version and its timestamp, in a window store with duplicates ({@link
 * StoreNames#REQUEST_SLICES}, binary, segments dropped after the retention without tombstones); a
 * window (size, hopping by advance) is aggregated once, when the latest request timestamp seen
 * passed its end by the grace, from the requests it covers. Hopping windows over the same requests
 * cost one aggregate update (and its encoding) per overlapping window per request; this costs one
 * append per request and one decode per request per window at evaluation.
 *
 * <p>A request that arrives after a window it belongs to was evaluated is counted as late (metric
 * {@code strata_correlator_window_requests_late}) and still counts toward its windows not yet
 * evaluated. The last evaluated window end per workload × version ({@link
 * StoreNames#REQUEST_WINDOW_MARKS}) is forgotten a while after its traffic stopped.
 */
final class RequestSlices implements Processor<String, VersionRequests, String, WorkloadInput> {

  private final long sizeMs;
  private final long advanceMs;
  private final long graceMs;
  private final double sloMillis;
  private final int exemplars;
  private final CorrelatorMetrics metrics;
  private final long checkEveryMs;

  /** workload|version → starts (multiples of advance) of slices holding requests not yet done. */
  private final Map<String, TreeSet<Long>> slices = new HashMap<>();

  /** workload|version → end of the last evaluated window; mirrors the marks store. */
  private final Map<String, Long> evaluated = new HashMap<>();

  private ProcessorContext<String, WorkloadInput> context;
  private WindowStore<String, AssembledTrace> requests;
  private KeyValueStore<String, Long> marks;
  // The latest request timestamp this processor saw: windows close on it (as suppression did), not
  // on the task's stream time, which other inputs of the task may have moved ahead of the requests.
  private long observed;
  private long nextCheck;

  RequestSlices(CorrelatorSettings settings, CorrelatorMetrics metrics) {
    CorrelatorSettings.Windows windows = settings.windows();
    this.sizeMs = windows.size().toMillis();
    this.advanceMs = windows.advance().toMillis();
    this.graceMs = windows.grace().toMillis();
    this.sloMillis = windows.slo().toNanos() / 1_000_000.0;
    this.exemplars = windows.exemplarTraces();
    this.metrics = metrics;
    this.checkEveryMs = Math.min(advanceMs, Duration.ofSeconds(1).toMillis());
  }

  /** How long the requests store must keep a request: its last window, its grace, and slack. */
  static Duration retention(CorrelatorSettings.Windows windows) {
    return windows.size().plus(windows.grace()).plus(windows.advance()).multipliedBy(2);
  }

  @Override
  public void init(ProcessorContext<String, WorkloadInput> context) {
    this.context = context;
    this.requests = context.getStateStore(StoreNames.REQUEST_SLICES);
    this.marks = context.getStateStore(StoreNames.REQUEST_WINDOW_MARKS);
    slices.clear();
    evaluated.clear();
    observed = Long.MIN_VALUE;
    nextCheck = Long.MIN_VALUE;
    try (KeyValueIterator<String, Long> all = marks.all()) {
      all.forEachRemaining(e -> evaluated.put(e.key, e.value));
    }
    try (KeyValueIterator<Windowed<String>, AssembledTrace> all = requests.all()) {
      while (all.hasNext()) {
        KeyValue<Windowed<String>, AssembledTrace> entry = all.next();
        String versionKey = entry.key.key();
        long start = sliceStart(entry.key.window().start());
        Long last = evaluated.get(versionKey);
        if (last == null || start + sizeMs > last) {
          slices.computeIfAbsent(versionKey, k -> new TreeSet<>()).add(start);
        }
      }
    }
  }

  /**
   * A record holds one version's requests of a completion sweep (ADR 040): each is taken in order,
   * at its own timestamp.
   */
  @Override
  public void process(Record<String, VersionRequests> record) {
    for (TimedTrace timed : record.value().traces()) {
      add(record.key(), timed.trace(), timed.timestamp());
    }
  }

  private void add(String versionKey, AssembledTrace request, long timestamp) {
    observed = Math.max(observed, timestamp);
    if (observed >= nextCheck) {
      nextCheck = observed + checkEveryMs;
      evaluateUpTo(observed);
    }
    long start = sliceStart(timestamp);
    Long last = evaluated.get(versionKey);
    if (last != null && last >= start + advanceMs) {
      metrics.lateRequest();
      if (last >= start + sizeMs) {
        return; // every window it belongs to is evaluated: counted above, nothing left to join
      }
    }
    requests.put(versionKey, request, timestamp);
    slices.computeIfAbsent(versionKey, k -> new TreeSet<>()).add(start);
  }

  private long sliceStart(long timestamp) {
    return Math.floorDiv(timestamp, advanceMs) * advanceMs;
  }

  private void evaluateUpTo(long time) {
    for (String versionKey : new java.util.ArrayList<>(slices.keySet())) {
      evaluate(versionKey, time);
    }
    // Marks of versions without traffic for long are forgotten (bounded store).
    evaluated
        .entrySet()
        .removeIf(
            e -> {
              boolean gone = !slices.containsKey(e.getKey()) && e.getValue() + 10 * sizeMs < time;
              if (gone) {
                marks.delete(e.getKey());
              }
              return gone;
            });
  }

  private void evaluate(String versionKey, long time) {
    TreeSet<Long> starts = slices.get(versionKey);
    Long last = evaluated.get(versionKey);
    long end = last == null ? starts.first() + advanceMs : last + advanceMs;
    Long evaluatedEnd = last;
    while (end + graceMs <= time) {
      NavigableSet<Long> covered = starts.subSet(end - sizeMs, true, end, false);
      if (covered.isEmpty()) {
        Long next = starts.ceiling(end);
        if (next == null) {
          break;
        }
        end = next + advanceMs;
        continue;
      }
      RequestWindow window = new RequestWindow();
      try (WindowStoreIterator<AssembledTrace> inWindow =
          requests.fetch(versionKey, end - sizeMs, end - 1)) {
        inWindow.forEachRemaining(r -> window.add(r.value, sloMillis, exemplars));
      }
      if (window.requests() > 0) {
        int bar = versionKey.lastIndexOf('|');
        context.forward(
            new Record<>(
                versionKey.substring(0, bar),
                WorkloadInput.window(
                    window.stats(Instant.ofEpochMilli(end - sizeMs), Instant.ofEpochMilli(end))),
                end - 1));
      }
      evaluatedEnd = end;
      end += advanceMs;
    }
    if (evaluatedEnd == null || evaluatedEnd.equals(last)) {
      return;
    }
    evaluated.put(versionKey, evaluatedEnd);
    marks.put(versionKey, evaluatedEnd);
    // Slices no later window covers (later windows start at evaluatedEnd + advance - size); their
    // requests leave the store with its segments.
    starts.headSet(evaluatedEnd + advanceMs - sizeMs, false).clear();
    if (starts.isEmpty()) {
      slices.remove(versionKey);
    }
  }
}
