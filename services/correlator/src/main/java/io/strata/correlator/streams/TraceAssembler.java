package io.strata.correlator.streams;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.core.request.AssembledTrace;
import io.strata.correlator.core.request.OpenTrace;
import io.strata.correlator.core.request.SharedValues;
import io.strata.correlator.core.request.TimedTrace;
import io.strata.correlator.core.request.TraceAccumulator;
import io.strata.correlator.streams.speed.TraceSweep;
import io.strata.events.trace.SpanSummary;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Puts requests back together from their spans: one store entry per open trace (trace_id → {@link
 * OpenTrace}, one get and one put per span), complete once the latest span timestamp this processor
 * saw passed the trace's latest span (event time) by the inactivity gap plus grace, then deleted
 * and forwarded: everything one span completes as one {@link TraceSweep}, each request with its
 * latest span's timestamp (ADR 040). What a session window with suppression did, at a fraction of
 * the cost: no session-store range scans, no merge of sessions, no unbounded suppression buffer.
 *
 * <p>The order in which traces complete lives in memory (ordered by their latest span's timestamp)
 * and is rebuilt from the store when the task starts. The store is bounded by {@code
 * traces.max-open}: past it the oldest open trace is completed early and counted. A span of a trace
 * completed moments ago is counted as late (it would otherwise become a one-span request of its
 * own): one completed up to {@code traces.late-span-memory} of event time before.
 */
final class TraceAssembler implements Processor<String, SpanSummary, String, TraceSweep> {

  /**
   * Completed traces remembered per task at most, however recent: the memory bound of late-span
   * recognition (a minute at 1,600 completed traces a second per task).
   */
  private static final int RECENTLY_COMPLETED = 100_000;

  /** Distinct correlations (pods) and GPU ids the trace tasks of an instance share. */
  static final int SHARED_VALUES = 65_536;

  private final long closeAfterMs;
  private final long lateSpanMemoryMs;
  private final int maxOpen;
  private final Duration punctuateEvery;
  private final CorrelatorMetrics metrics;

  /** Open traces by the timestamp of their latest span (then id): the oldest is first. */
  private final TreeSet<Pending> pending = new TreeSet<>();

  private final Map<String, Long> latestSpan = new HashMap<>();
  private final SharedValues shared;
  // Completed traces (id → latest span timestamp) in completion order, forgotten once
  // lateSpanMemory of event time has passed them: a straggler span is seconds late, not minutes,
  // and a count alone (100,000 per task) keeps minutes of traces at fleet scale.
  private final LinkedHashMap<String, Long> recentlyCompleted = new LinkedHashMap<>(1024);
  private ProcessorContext<String, TraceSweep> context;

  /** What the span being processed completed, forwarded together when it is done (ADR 040). */
  private final List<TimedTrace> completed = new ArrayList<>();

  // The latest span timestamp this processor saw (what a session window calls stream time); traces
  // complete as it moves, checked at most every punctuateEvery of it.
  private long observed;
  private long nextCheck;
  private KeyValueStore<String, OpenTrace> open;

  TraceAssembler(CorrelatorSettings settings, CorrelatorMetrics metrics, SharedValues shared) {
    this.shared = shared;
    Duration gap = settings.traces().inactivityGap();
    this.closeAfterMs = gap.plus(settings.traces().grace()).toMillis();
    this.lateSpanMemoryMs = settings.traces().lateSpanMemory().toMillis();
    this.maxOpen = settings.traces().maxOpen();
    this.punctuateEvery = gap.compareTo(Duration.ofSeconds(1)) < 0 ? gap : Duration.ofSeconds(1);
    this.metrics = metrics;
  }

  @Override
  public void init(ProcessorContext<String, TraceSweep> context) {
    this.context = context;
    this.open = context.getStateStore(StoreNames.TRACE_PARTS);
    pending.clear();
    completed.clear();
    latestSpan.clear();
    recentlyCompleted.clear();
    rebuildOrder();
    observed = Long.MIN_VALUE;
    nextCheck = Long.MIN_VALUE;
  }

  @Override
  public void process(Record<String, SpanSummary> record) {
    String traceId = record.key();
    SpanSummary span = record.value();
    if (traceId == null || traceId.isBlank() || span == null) {
      throw new IllegalArgumentException("a span without trace_id key cannot be assembled");
    }
    // latestSpan holds exactly the store's keys (rebuilt from it at start, kept with every put and
    // delete), so a new trace's first span, one span in six, asks no store below.
    OpenTrace current = latestSpan.containsKey(traceId) ? open.get(traceId) : null;
    if (current == null && recentlyCompleted.containsKey(traceId)) {
      metrics.lateSpan();
      return;
    }
    // A new trace keeps the key's id string: the value's equal copy would be a second per trace.
    TraceAccumulator trace = current == null ? TraceAccumulator.of(traceId) : current.trace();
    long lastSpan =
        current == null
            ? record.timestamp()
            : Math.max(current.lastSpanTimestamp(), record.timestamp());
    open.put(
        traceId, new OpenTrace(trace.plus(span, shared), context.currentStreamTimeMs(), lastSpan));
    track(traceId, lastSpan);
    observed = Math.max(observed, record.timestamp());
    if (observed >= nextCheck) {
      nextCheck = observed + punctuateEvery.toMillis();
      completeUpTo(observed - closeAfterMs);
    }
    while (pending.size() > maxOpen) {
      metrics.traceCompletedEarly();
      Pending oldest = pending.pollFirst();
      latestSpan.remove(oldest.traceId());
      emit(oldest.traceId());
    }
    if (!completed.isEmpty()) {
      TraceSweep sweep = new TraceSweep(completed);
      completed.clear();
      context.forward(new Record<>(traceId, sweep, newest(sweep)));
    }
  }

  private static long newest(TraceSweep sweep) {
    return sweep.traces().stream().mapToLong(TimedTrace::timestamp).max().orElseThrow();
  }

  private void track(String traceId, long lastSpan) {
    Long before = latestSpan.get(traceId);
    if (before != null) {
      if (before == lastSpan) {
        // Most spans of a request end together: no new boxed value stored into a long-lived map
        // (each one a reference the young collections would scan).
        return;
      }
      pending.remove(new Pending(before, traceId));
    }
    latestSpan.put(traceId, lastSpan);
    pending.add(new Pending(lastSpan, traceId));
  }

  /**
   * Completes every trace whose latest span is at or before the given time: event time, as a
   * session window would, so a trace and the request window it lands in close on the same clock.
   */
  private void completeUpTo(long latestSpanAtOrBefore) {
    while (!pending.isEmpty() && pending.first().lastSpan() <= latestSpanAtOrBefore) {
      Pending oldest = pending.pollFirst();
      latestSpan.remove(oldest.traceId());
      emit(oldest.traceId());
    }
  }

  /** An open trace in completion order. */
  private record Pending(long lastSpan, String traceId) implements Comparable<Pending> {
    @Override
    public int compareTo(Pending other) {
      int byTime = Long.compare(lastSpan, other.lastSpan);
      return byTime != 0 ? byTime : traceId.compareTo(other.traceId);
    }
  }

  private void emit(String traceId) {
    OpenTrace trace = open.get(traceId);
    if (trace == null) {
      return;
    }
    open.delete(traceId);
    remember(traceId, trace.lastSpanTimestamp());
    AssembledTrace assembled = trace.trace().assemble();
    metrics.traceAssembled(assembled.attributable());
    completed.add(new TimedTrace(assembled, trace.lastSpanTimestamp()));
  }

  /**
   * Remembers a completed trace and forgets those completed more than lateSpanMemory before the
   * latest span seen (traces complete in the order of their latest spans, so the eldest go first),
   * and any past the count bound.
   */
  private void remember(String traceId, long lastSpan) {
    recentlyCompleted.put(traceId, lastSpan);
    long forgetBefore = observed == Long.MIN_VALUE ? Long.MIN_VALUE : observed - lateSpanMemoryMs;
    Iterator<Map.Entry<String, Long>> eldest = recentlyCompleted.entrySet().iterator();
    while (eldest.hasNext()) {
      Map.Entry<String, Long> entry = eldest.next();
      if (recentlyCompleted.size() <= RECENTLY_COMPLETED && entry.getValue() >= forgetBefore) {
        return;
      }
      eldest.remove();
    }
  }

  /** After a restart or a rebalance the store holds the open traces; their order is rebuilt. */
  private void rebuildOrder() {
    try (KeyValueIterator<String, OpenTrace> all = open.all()) {
      while (all.hasNext()) {
        KeyValue<String, OpenTrace> entry = all.next();
        track(entry.key, entry.value.lastSpanTimestamp());
      }
    }
  }
}
