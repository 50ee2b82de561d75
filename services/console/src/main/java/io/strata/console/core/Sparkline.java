package io.strata.console.core;

import java.util.List;

/**
 * One small chart: values over time and, when a baseline is known, the band healthy values stay in.
 * The browser draws it as inline SVG.
 *
 * @param times epoch milliseconds, one per value
 * @param values NaN-free; points without a value are left out
 * @param bandLow lower edge of the baseline band (null: no baseline)
 * @param higherIsWorse true for latencies and temperatures, false for throughput
 * @param marker epoch milliseconds of the fault (the incident's opening), null when not shown
 */
public record Sparkline(
    String label,
    String unit,
    List<Long> times,
    List<Double> values,
    Double baseline,
    Double bandLow,
    Double bandHigh,
    boolean higherIsWorse,
    Long marker,
    String source) {

  public Sparkline {
    times = List.copyOf(times);
    values = List.copyOf(values);
  }

  /** The newest value, NaN when none. */
  public double last() {
    return values.isEmpty() ? Double.NaN : values.get(values.size() - 1);
  }

  /** Whether the newest value is inside the band (true when there is no band to judge by). */
  public boolean lastInBand() {
    double last = last();
    if (Double.isNaN(last) || bandLow == null || bandHigh == null) {
      return true;
    }
    return last >= bandLow && last <= bandHigh;
  }
}
