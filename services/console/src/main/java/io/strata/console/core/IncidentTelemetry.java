package io.strata.console.core;

import io.strata.events.device.DeviceSample;
import io.strata.events.device.HealthStatus;
import io.strata.events.device.XidEvent;
import io.strata.events.trace.SpanSummary;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The spans, samples and XIDs read for one incident's page, each bounded per GPU or trace by {@link
 * ConsoleLimits}. Filled by the on-demand reader while a page may be built from it, so every method
 * is synchronized.
 */
public final class IncidentTelemetry {

  private final ConsoleLimits limits;
  private final Map<String, GpuHistory> gpus = new HashMap<>();
  private final Map<String, Deque<XidEvent>> xids = new HashMap<>();
  private final Map<String, List<SpanSummary>> traces = new HashMap<>();

  public IncidentTelemetry(ConsoleLimits limits) {
    this.limits = limits;
  }

  /** Nothing read (yet): the page shows the incident's own evidence only. */
  public static IncidentTelemetry none(ConsoleLimits limits) {
    return new IncidentTelemetry(limits);
  }

  public synchronized void sample(DeviceSample sample) {
    if (sample.gpuUuid() == null || sample.isMigInstance()) {
      return;
    }
    gpus.computeIfAbsent(sample.gpuUuid(), g -> new GpuHistory(limits.samplesPerGpu())).add(sample);
  }

  public synchronized void xid(XidEvent xid) {
    if (xid.gpuUuid() == null) {
      return;
    }
    Deque<XidEvent> kept = xids.computeIfAbsent(xid.gpuUuid(), g -> new ArrayDeque<>());
    kept.addLast(xid);
    while (kept.size() > limits.xidsPerGpu()) {
      kept.removeFirst();
    }
  }

  public synchronized void span(SpanSummary span) {
    if (span.traceId() == null) {
      return;
    }
    List<SpanSummary> spans = traces.computeIfAbsent(span.traceId(), t -> new ArrayList<>());
    // A redelivered span replaces its earlier copy.
    spans.removeIf(known -> known.spanId() != null && known.spanId().equals(span.spanId()));
    if (spans.size() < limits.spansPerTrace()) {
      spans.add(span);
    }
  }

  synchronized boolean hasSamples(String gpu) {
    return gpus.containsKey(gpu);
  }

  synchronized List<GpuHistory.Point> samples(String gpu, Instant from, Instant to) {
    GpuHistory history = gpus.get(gpu);
    return history == null ? List.of() : history.between(from, to);
  }

  synchronized String target(String gpu) {
    GpuHistory history = gpus.get(gpu);
    return history == null ? null : history.target();
  }

  synchronized HealthStatus health(String gpu) {
    GpuHistory history = gpus.get(gpu);
    return history == null ? HealthStatus.UNSPECIFIED : history.health();
  }

  synchronized List<XidEvent> xids(String gpu, Instant from, Instant to) {
    List<XidEvent> found = new ArrayList<>();
    for (XidEvent xid : xids.getOrDefault(gpu, new ArrayDeque<>())) {
      if (xid.detectedAt() != null
          && !xid.detectedAt().isBefore(from)
          && !xid.detectedAt().isAfter(to)) {
        found.add(xid);
      }
    }
    return found;
  }

  synchronized List<SpanSummary> spans(String traceId) {
    List<SpanSummary> spans = traces.get(traceId);
    return spans == null ? List.of() : List.copyOf(spans);
  }
}
