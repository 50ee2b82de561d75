package io.strata.console.core;

import io.strata.events.trace.SpanSummary;
import java.util.ArrayList;
import java.util.List;

/**
 * The spans of traces, keyed by trace id. Spans reach the console before the incident that names
 * their trace as an exemplar, so recent traces are kept in a bounded buffer; a trace named as an
 * exemplar moves to a second, separately bounded store that ordinary traffic cannot flush.
 */
final class TraceStore {

  private final Bounded<String, List<SpanSummary>> recent;
  private final Bounded<String, List<SpanSummary>> exemplars;
  private final int spansPerTrace;

  TraceStore(int recentTraces, int exemplarTraces, int spansPerTrace) {
    this.recent = new Bounded<>(recentTraces);
    this.exemplars = new Bounded<>(exemplarTraces);
    this.spansPerTrace = spansPerTrace;
  }

  void add(SpanSummary span) {
    if (span.traceId() == null) {
      return;
    }
    List<SpanSummary> pinned = exemplars.get(span.traceId());
    if (pinned != null) {
      append(pinned, span);
      return;
    }
    List<SpanSummary> spans = recent.get(span.traceId());
    if (spans == null) {
      spans = new ArrayList<>();
      recent.put(span.traceId(), spans);
    }
    append(spans, span);
  }

  private void append(List<SpanSummary> spans, SpanSummary span) {
    // A redelivered span replaces its earlier copy.
    spans.removeIf(known -> known.spanId() != null && known.spanId().equals(span.spanId()));
    if (spans.size() < spansPerTrace) {
      spans.add(span);
    }
  }

  /** Keeps the trace for good (within the exemplar bound); later spans of it join it. */
  void pin(String traceId) {
    if (traceId == null || exemplars.containsKey(traceId)) {
      return;
    }
    List<SpanSummary> spans = recent.remove(traceId);
    exemplars.put(traceId, spans == null ? new ArrayList<>() : spans);
  }

  List<SpanSummary> spans(String traceId) {
    List<SpanSummary> pinned = exemplars.get(traceId);
    List<SpanSummary> spans = pinned != null ? pinned : recent.get(traceId);
    return spans == null ? List.of() : List.copyOf(spans);
  }

  int size() {
    return recent.size() + exemplars.size();
  }
}
