package io.strata.correlator.core.request;

import io.strata.events.Correlation;
import io.strata.events.trace.SpanStatus;
import io.strata.events.trace.SpanSummary;
import io.strata.events.trace.Stage;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * The spans of one trace seen so far, small: about 100,000 are open at once at 10,000 GPUs (the
 * inactivity gap plus grace of requests), so the stages are one {@link StageNanos} and the
 * correlation and GPU id are shared between traces through {@link SharedValues}. Immutable: {@link
 * #plus} and {@link #merge} return new values.
 */
public record TraceAccumulator(
    String traceId,
    int spans,
    Instant rootStart,
    Long rootDurationNanos,
    Instant firstStart,
    Instant lastEnd,
    boolean error,
    StageNanos stageNanos,
    Correlation correlation,
    String gpuUuid,
    Long outputTokens) {

  /** The stages a request's time is split into; REQUEST and OTHER are not stages of the path. */
  public static final Set<Stage> PATH_STAGES =
      Collections.unmodifiableSet(
          EnumSet.of(
              Stage.QUEUE_WAIT,
              Stage.MODEL_LOAD,
              Stage.BATCH_PREPARE,
              Stage.GPU_EXECUTE,
              Stage.RESPONSE_ENCODE));

  public TraceAccumulator {
    stageNanos = stageNanos == null ? StageNanos.none() : stageNanos;
    correlation = correlation == null ? Correlation.empty() : correlation;
  }

  /** No span yet, of the trace {@code traceId}: its spans' equal copies of the id are not kept. */
  public static TraceAccumulator of(String traceId) {
    return new TraceAccumulator(traceId, 0, null, null, null, null, false, null, null, null, null);
  }

  /** This trace with one more span, its correlation and GPU id taken from {@code shared}. */
  public TraceAccumulator plus(SpanSummary span, SharedValues shared) {
    Instant start = span.start();
    Instant end = start == null ? null : start.plusNanos(Math.max(0, span.durationNanos()));
    StageNanos stages =
        PATH_STAGES.contains(span.stage())
            ? stageNanos.plus(span.stage(), Math.max(0, span.durationNanos()))
            : stageNanos;
    boolean root = span.root();
    return new TraceAccumulator(
        traceId != null ? traceId : span.traceId(),
        spans + 1,
        root && rootStart == null ? start : rootStart,
        root && rootDurationNanos == null ? Long.valueOf(span.durationNanos()) : rootDurationNanos,
        earliest(firstStart, start),
        latest(lastEnd, end),
        error || span.status() == SpanStatus.ERROR,
        stages,
        shared.correlation(withCorrelationOf(span, root)),
        shared.gpu(pickGpu(span)),
        maxOf(outputTokens, span.outputTokens()));
  }

  /** The root span's attributes win; the others fill what is missing. */
  private Correlation withCorrelationOf(SpanSummary span, boolean root) {
    Correlation theirs = span.correlation();
    // The spans of a request mostly carry the same attributes: no new value for those.
    if (theirs.equals(correlation) || theirs.equals(Correlation.empty())) {
      return correlation;
    }
    if (correlation.equals(Correlation.empty())) {
      return theirs;
    }
    return root ? theirs.orElse(correlation) : correlation.orElse(theirs);
  }

  /** Joins two sessions of the same trace that a late span bridged. */
  public TraceAccumulator merge(TraceAccumulator other) {
    return new TraceAccumulator(
        traceId != null ? traceId : other.traceId,
        spans + other.spans,
        rootStart != null ? rootStart : other.rootStart,
        rootDurationNanos != null ? rootDurationNanos : other.rootDurationNanos,
        earliest(firstStart, other.firstStart),
        latest(lastEnd, other.lastEnd),
        error || other.error,
        stageNanos.plus(other.stageNanos),
        correlation.orElse(other.correlation),
        gpuUuid != null ? gpuUuid : other.gpuUuid,
        maxOf(outputTokens, other.outputTokens));
  }

  /** The request as one record; the root span's timing wins over the spans' envelope. */
  public AssembledTrace assemble() {
    Map<Stage, Double> stageMillis = new EnumMap<>(Stage.class);
    stageNanos.forEach((stage, nanos) -> stageMillis.put(stage, nanos / 1_000_000.0));
    Stage longest =
        stageMillis.entrySet().stream()
            .max(Map.Entry.comparingByValue())
            .map(Map.Entry::getKey)
            .orElse(Stage.UNSPECIFIED);
    Instant start = rootStart != null ? rootStart : firstStart;
    double durationMillis;
    if (rootDurationNanos != null) {
      durationMillis = rootDurationNanos / 1_000_000.0;
    } else if (firstStart != null && lastEnd != null) {
      durationMillis = Duration.between(firstStart, lastEnd).toNanos() / 1_000_000.0;
    } else {
      durationMillis = 0;
    }
    return new AssembledTrace(
        traceId,
        correlation,
        gpuUuid,
        start,
        durationMillis,
        error,
        stageMillis,
        longest,
        outputTokens);
  }

  private String pickGpu(SpanSummary span) {
    if (span.gpuUuid() == null) {
      return gpuUuid;
    }
    return gpuUuid == null || span.stage() == Stage.GPU_EXECUTE ? span.gpuUuid() : gpuUuid;
  }

  private static Instant earliest(Instant a, Instant b) {
    if (a == null) {
      return b;
    }
    return b == null || a.isBefore(b) ? a : b;
  }

  private static Instant latest(Instant a, Instant b) {
    if (a == null) {
      return b;
    }
    return b == null || a.isAfter(b) ? a : b;
  }

  private static Long maxOf(Long a, Long b) {
    if (a == null) {
      return b;
    }
    return b == null ? a : Math.max(a, b);
  }
}
