package io.strata.correlator.topology;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.trace.AssembledTrace;
import io.strata.correlator.window.RequestWindow;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Request windows at one store update per request: each workload × model_version keeps tumbling
 * slices one window-advance long (key {@code workload|version|sliceStart}); a window (size, hopping
 * by advance) is evaluated once the latest request timestamp seen passed its end by the grace, by
 * merging the slices it covers. Hopping windows over the same requests cost one update per
 * overlapping window; slices cost one, and a window's merge happens once when it closes.
 *
 * <p>A request that arrives after a window it belongs to was evaluated is counted as late (metric
 * {@code strata_correlator_window_requests_late}) and still counts toward its windows not yet
 * evaluated. Slices no window still needs are deleted; the last evaluated window end per workload ×
 * version ({@link StoreNames#REQUEST_WINDOW_MARKS}) is forgotten a while after its traffic stopped.
 */
final class RequestSlices implements Processor<String, AssembledTrace, String, WorkloadInput> {

  private final long sizeMs;
  private final long advanceMs;
  private final long graceMs;
  private final double sloMillis;
  private final int exemplars;
  private final CorrelatorMetrics metrics;
  private final Duration punctuateEvery;

  /** workload|version → slice starts in the store; rebuilt from the store on init. */
  private final Map<String, TreeSet<Long>> slices = new HashMap<>();

  /** workload|version → end of the last evaluated window; mirrors the marks store. */
  private final Map<String, Long> evaluated = new HashMap<>();

  /** The slice requests are landing in, decoded once (the store holds the same value). */
  private final Map<String, Current> current = new HashMap<>();

  private ProcessorContext<String, WorkloadInput> context;
  // The latest request timestamp this processor saw: windows close on it (as suppression did), not
  // on the task's stream time, which other inputs of the task may have moved ahead of the requests.
  private long observed;
  private long nextCheck;
  private KeyValueStore<String, RequestWindow> store;
  private KeyValueStore<String, Long> marks;

  private record Current(long start, String key, RequestWindow window) {}

  RequestSlices(CorrelatorSettings settings, CorrelatorMetrics metrics) {
    CorrelatorSettings.Windows windows = settings.windows();
    this.sizeMs = windows.size().toMillis();
    this.advanceMs = windows.advance().toMillis();
    this.graceMs = windows.grace().toMillis();
    this.sloMillis = windows.slo().toNanos() / 1_000_000.0;
    this.exemplars = windows.exemplarTraces();
    this.metrics = metrics;
    this.punctuateEvery =
        windows.advance().compareTo(Duration.ofSeconds(1)) < 0
            ? windows.advance()
            : Duration.ofSeconds(1);
  }

  @Override
  public void init(ProcessorContext<String, WorkloadInput> context) {
    this.context = context;
    this.store = context.getStateStore(StoreNames.REQUEST_SLICES);
    this.marks = context.getStateStore(StoreNames.REQUEST_WINDOW_MARKS);
    slices.clear();
    evaluated.clear();
    current.clear();
    try (KeyValueIterator<String, Long> all = marks.all()) {
      all.forEachRemaining(e -> evaluated.put(e.key, e.value));
    }
    try (KeyValueIterator<String, RequestWindow> all = store.all()) {
      while (all.hasNext()) {
        KeyValue<String, RequestWindow> entry = all.next();
        int bar = entry.key.lastIndexOf('|');
        slices
            .computeIfAbsent(entry.key.substring(0, bar), k -> new TreeSet<>())
            .add(Long.parseLong(entry.key.substring(bar + 1)));
      }
    }
    observed = Long.MIN_VALUE;
    nextCheck = Long.MIN_VALUE;
  }

  @Override
  public void process(Record<String, AssembledTrace> record) {
    String versionKey = record.key();
    observed = Math.max(observed, record.timestamp());
    if (observed >= nextCheck) {
      nextCheck = observed + punctuateEvery.toMillis();
      evaluateUpTo(observed);
    }
    long start = Math.floorDiv(record.timestamp(), advanceMs) * advanceMs;
    Long last = evaluated.get(versionKey);
    if (last != null && last >= start + advanceMs) {
      metrics.lateRequest();
      if (last >= start + sizeMs) {
        return; // every window it belongs to is evaluated: counted above, nothing left to join
      }
    }
    Current slice = current.get(versionKey);
    if (slice == null || slice.start() != start) {
      String key = sliceKey(versionKey, start);
      RequestWindow stored = store.get(key);
      slice = new Current(start, key, stored == null ? new RequestWindow() : stored);
      current.put(versionKey, slice);
      slices.computeIfAbsent(versionKey, k -> new TreeSet<>()).add(start);
    }
    store.put(slice.key(), slice.window().add(record.value(), sloMillis, exemplars));
  }

  private void evaluateUpTo(long streamTime) {
    for (String versionKey : new java.util.ArrayList<>(slices.keySet())) {
      evaluate(versionKey, streamTime);
    }
    // Marks of versions without traffic for long are forgotten (bounded store).
    evaluated
        .entrySet()
        .removeIf(
            e -> {
              boolean gone =
                  !slices.containsKey(e.getKey()) && e.getValue() + 10 * sizeMs < streamTime;
              if (gone) {
                marks.delete(e.getKey());
              }
              return gone;
            });
  }

  private void evaluate(String versionKey, long streamTime) {
    TreeSet<Long> starts = slices.get(versionKey);
    Long last = evaluated.get(versionKey);
    long end = last == null ? starts.first() + advanceMs : last + advanceMs;
    Long evaluatedEnd = last;
    while (end + graceMs <= streamTime) {
      NavigableSet<Long> covered = starts.subSet(end - sizeMs, true, end, false);
      if (covered.isEmpty()) {
        Long next = starts.ceiling(end);
        if (next == null) {
          break;
        }
        end = next + advanceMs;
        continue;
      }
      RequestWindow merged = new RequestWindow();
      for (long start : covered) {
        Current open = current.get(versionKey);
        RequestWindow slice =
            open != null && open.start() == start
                ? open.window()
                : store.get(sliceKey(versionKey, start));
        if (slice != null) {
          merged.merge(slice, exemplars);
        }
      }
      int bar = versionKey.lastIndexOf('|');
      context.forward(
          new Record<>(
              versionKey.substring(0, bar),
              WorkloadInput.window(
                  merged.stats(Instant.ofEpochMilli(end - sizeMs), Instant.ofEpochMilli(end))),
              end - 1));
      evaluatedEnd = end;
      end += advanceMs;
    }
    if (evaluatedEnd == null || evaluatedEnd.equals(last)) {
      return;
    }
    evaluated.put(versionKey, evaluatedEnd);
    marks.put(versionKey, evaluatedEnd);
    // Slices that no later window covers: later windows start at evaluatedEnd + advance - size.
    NavigableSet<Long> done = starts.headSet(evaluatedEnd + advanceMs - sizeMs, false);
    for (long start : done) {
      store.delete(sliceKey(versionKey, start));
    }
    done.clear();
    Current open = current.get(versionKey);
    if (open != null && !starts.contains(open.start())) {
      current.remove(versionKey);
    }
    if (starts.isEmpty()) {
      slices.remove(versionKey);
    }
  }

  /** workload|version|sliceStart, the start zero-padded so a version's slices sort by time. */
  static String sliceKey(String versionKey, long start) {
    String digits = Long.toString(start);
    StringBuilder key = new StringBuilder(versionKey.length() + 16).append(versionKey).append('|');
    for (int pad = digits.length(); pad < 15; pad++) {
      key.append('0');
    }
    return key.append(digits).toString();
  }
}
