package io.strata.events.incident;

import java.time.Instant;

/**
 * The signal that opened (or last updated) an incident, against its baseline.
 *
 * @param unit for example {@code ms}, {@code ratio}, {@code xid}
 */
public record Trigger(
    Signal signal,
    double value,
    Double baseline,
    String unit,
    Instant windowStart,
    Instant windowEnd) {

  public Trigger {
    signal = signal == null ? Signal.UNSPECIFIED : signal;
  }
}
