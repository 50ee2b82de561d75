package io.strata.traceingest.summary;

import io.strata.events.trace.SpanSummary;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The result of summarising one export request: the accepted summaries (one per valid span plus the
 * {@code derived} stage summaries of spans that carry their stages as attributes) and the rejected
 * spans counted by reason.
 */
public record SummaryBatch(
    List<SpanSummary> summaries, Map<SpanRejection, Integer> rejections, int derived) {

  public SummaryBatch {
    summaries = List.copyOf(summaries);
    rejections = rejections.isEmpty() ? Map.of() : new EnumMap<>(rejections);
    if (derived < 0 || derived > summaries.size()) {
      throw new IllegalArgumentException("derived " + derived + " of " + summaries.size());
    }
  }

  public SummaryBatch(List<SpanSummary> summaries, Map<SpanRejection, Integer> rejections) {
    this(summaries, rejections, 0);
  }

  /** Valid spans of the request (summaries without the derived ones). */
  public int acceptedSpans() {
    return summaries.size() - derived;
  }

  public int rejectedCount() {
    return rejections.values().stream().mapToInt(Integer::intValue).sum();
  }

  /**
   * The partial_success error message: counts per reason, for example {@code 2 of 5 spans rejected:
   * 2 INVALID_SPAN_ID (span_id must be 8 bytes, not all zero)}. Empty when none.
   */
  public String rejectionMessage() {
    if (rejections.isEmpty()) {
      return "";
    }
    int total = acceptedSpans() + rejectedCount();
    return rejectedCount()
        + " of "
        + total
        + " spans rejected: "
        + rejections.entrySet().stream()
            .map(e -> e.getValue() + " " + e.getKey() + " (" + e.getKey().description() + ")")
            .collect(Collectors.joining("; "));
  }
}
