package io.strata.console.core;

import io.strata.events.topic.Topics;
import io.strata.events.trace.Stage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/** Builds the workload and GPU sparklines of an incident page. */
final class Sparklines {

  private Sparklines() {}

  /**
   * Request p95, queue wait p95, effective throughput and (when another stage dominates) that
   * stage's p95, each against its baseline band.
   */
  static List<Sparkline> workload(
      List<WindowPoint> windows, BaselineBand base, Stage dominant, double band, Instant marker) {
    List<Sparkline> lines = new ArrayList<>();
    String source = "correlator /api/workloads (last_window, baselines)";
    lines.add(
        latency(
            "request p95",
            windows,
            WindowPoint::p95,
            base == null ? null : base.p95(),
            band,
            marker,
            source));
    lines.add(
        latency(
            "queue wait p95",
            windows,
            w -> w.stage(Stage.QUEUE_WAIT),
            base == null ? null : base.stage(Stage.QUEUE_WAIT),
            band,
            marker,
            source));
    Double throughput = base == null ? null : base.effectiveThroughput();
    lines.add(
        new Sparkline(
            "effective throughput",
            "/s/GPU",
            times(windows),
            values(windows, WindowPoint::effectiveThroughput),
            throughput,
            throughput == null ? null : throughput / band,
            throughput == null ? null : Math.max(throughput * band, throughput / band),
            false,
            epoch(marker),
            source));
    if (dominant != null
        && dominant != Stage.UNSPECIFIED
        && dominant != Stage.QUEUE_WAIT
        && dominant != Stage.REQUEST) {
      lines.add(
          latency(
              dominant.name().toLowerCase(java.util.Locale.ROOT) + " p95",
              windows,
              w -> w.stage(dominant),
              base == null ? null : base.stage(dominant),
              band,
              marker,
              source));
    }
    return lines;
  }

  private static Sparkline latency(
      String label,
      List<WindowPoint> windows,
      ToDoubleFunction<WindowPoint> value,
      Double baseline,
      double band,
      Instant marker,
      String source) {
    return new Sparkline(
        label,
        "ms",
        times(windows),
        values(windows, value),
        baseline,
        baseline == null ? null : 0.0,
        baseline == null ? null : baseline * band,
        true,
        epoch(marker),
        source);
  }

  /** Temperature, power, utilisation and the last XID of one GPU around the fault. */
  static List<Sparkline> gpu(List<GpuHistory.Point> points, Instant marker) {
    String source = Topics.DEVICE_SAMPLES.name();
    List<Long> times = points.stream().map(p -> p.at().toEpochMilli()).toList();
    return List.of(
        device(
            "temperature",
            "°C",
            times,
            points,
            GpuHistory.Point::temperature,
            marker,
            source + " DCGM_FI_DEV_GPU_TEMP"),
        device(
            "power",
            "W",
            times,
            points,
            GpuHistory.Point::power,
            marker,
            source + " DCGM_FI_DEV_POWER_USAGE"),
        device(
            "utilisation",
            "%",
            times,
            points,
            GpuHistory.Point::utilisation,
            marker,
            source + " DCGM_FI_DEV_GPU_UTIL"),
        device(
            "last XID",
            "",
            times,
            points,
            p -> p.xid(),
            marker,
            source + " DCGM_FI_DEV_XID_ERRORS"));
  }

  private static Sparkline device(
      String label,
      String unit,
      List<Long> allTimes,
      List<GpuHistory.Point> points,
      ToDoubleFunction<GpuHistory.Point> value,
      Instant marker,
      String source) {
    List<Long> times = new ArrayList<>();
    List<Double> values = new ArrayList<>();
    for (int i = 0; i < points.size(); i++) {
      double v = value.applyAsDouble(points.get(i));
      if (!Double.isNaN(v)) {
        times.add(allTimes.get(i));
        values.add(v);
      }
    }
    return new Sparkline(label, unit, times, values, null, null, null, true, epoch(marker), source);
  }

  private static List<Long> times(List<WindowPoint> windows) {
    return windows.stream().map(w -> w.end() == null ? 0L : w.end().toEpochMilli()).toList();
  }

  private static List<Double> values(List<WindowPoint> windows, ToDoubleFunction<WindowPoint> f) {
    return windows.stream().map(w -> f.applyAsDouble(w)).toList();
  }

  private static Long epoch(Instant marker) {
    return marker == null ? null : marker.toEpochMilli();
  }
}
