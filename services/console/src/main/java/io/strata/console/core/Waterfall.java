package io.strata.console.core;

import io.strata.events.incident.ExemplarTrace;
import io.strata.events.trace.SpanSummary;
import io.strata.events.trace.Stage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One exemplar trace laid out on a time axis: each span's offset and width as a share of the trace,
 * its depth in the span tree and whether it is the dominant stage.
 *
 * @param spansKept false when no span of the trace reached the console: the bars are then the
 *     exemplar's stage totals, laid end to end
 */
public record Waterfall(
    String traceId,
    double durationMillis,
    Stage dominantStage,
    String pod,
    String node,
    String gpuUuid,
    String modelVersion,
    boolean spansKept,
    List<Bar> bars) {

  /** One span (or stage total) of the trace. Offsets and widths in percent of the trace. */
  public record Bar(
      String name,
      Stage stage,
      String service,
      int depth,
      double offsetPercent,
      double widthPercent,
      double durationMillis,
      boolean dominant,
      boolean error) {}

  static Waterfall of(ExemplarTrace exemplar, List<SpanSummary> spans, String modelVersion) {
    Stage dominant = exemplar.longestStage();
    if (spans.isEmpty()) {
      return fromStageTotals(exemplar, modelVersion);
    }
    List<SpanSummary> ordered = new ArrayList<>(spans);
    ordered.removeIf(s -> s.start() == null);
    if (ordered.isEmpty()) {
      return fromStageTotals(exemplar, modelVersion);
    }
    Map<String, SpanSummary> byId = new HashMap<>();
    ordered.forEach(s -> byId.put(s.spanId(), s));
    Map<SpanSummary, Integer> depths = new HashMap<>();
    ordered.forEach(s -> depths.put(s, depth(s, byId)));
    // By start; a parent before the children that start with it.
    ordered.sort(Comparator.comparing(SpanSummary::start).thenComparing(depths::get));
    Instant t0 = ordered.get(0).start();
    long endNanos = 0;
    for (SpanSummary span : ordered) {
      endNanos = Math.max(endNanos, nanosSince(t0, span.start()) + span.durationNanos());
    }
    double total = Math.max(1, endNanos);
    String mv = modelVersion;
    List<Bar> bars = new ArrayList<>();
    for (SpanSummary span : ordered) {
      if (mv == null) {
        mv = span.correlation().modelVersion();
      }
      bars.add(
          new Bar(
              span.name(),
              span.stage(),
              span.serviceName(),
              depths.get(span),
              100.0 * nanosSince(t0, span.start()) / total,
              100.0 * span.durationNanos() / total,
              span.durationMillis(),
              span.stage() == dominant && dominant != Stage.UNSPECIFIED,
              span.status() == io.strata.events.trace.SpanStatus.ERROR));
    }
    return new Waterfall(
        exemplar.traceId(),
        Math.max(exemplar.durationMillis(), total / 1e6),
        dominant,
        exemplar.pod(),
        exemplar.node(),
        exemplar.gpuUuid(),
        mv,
        true,
        bars);
  }

  private static Waterfall fromStageTotals(ExemplarTrace exemplar, String modelVersion) {
    double total =
        Math.max(
            exemplar.durationMillis(),
            exemplar.stageMillis().values().stream().mapToDouble(Double::doubleValue).sum());
    List<Bar> bars = new ArrayList<>();
    double offset = 0;
    for (Stage stage : Stage.values()) {
      Double millis = exemplar.stageMillis().get(stage);
      if (millis == null || stage == Stage.REQUEST) {
        continue;
      }
      double share = total <= 0 ? 0 : 100.0 * millis / total;
      bars.add(
          new Bar(
              stage.name().toLowerCase(java.util.Locale.ROOT).replace('_', '.'),
              stage,
              null,
              0,
              offset,
              share,
              millis,
              stage == exemplar.longestStage(),
              false));
      offset += share;
    }
    return new Waterfall(
        exemplar.traceId(),
        exemplar.durationMillis(),
        exemplar.longestStage(),
        exemplar.pod(),
        exemplar.node(),
        exemplar.gpuUuid(),
        modelVersion,
        false,
        bars);
  }

  private static int depth(SpanSummary span, Map<String, SpanSummary> byId) {
    int depth = 0;
    SpanSummary current = span;
    // Bounded walk: a malformed trace with a parent cycle must not hang the page.
    while (current.parentSpanId() != null && depth < 32) {
      current = byId.get(current.parentSpanId());
      if (current == null) {
        break;
      }
      depth++;
    }
    return depth;
  }

  private static long nanosSince(Instant t0, Instant t) {
    return java.time.Duration.between(t0, t).toNanos();
  }
}
