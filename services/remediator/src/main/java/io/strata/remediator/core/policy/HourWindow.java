package io.strata.remediator.core.policy;

import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;

/**
 * The hours of the day a rule may act in, in a time zone: {@code 22:00-06:00} spans midnight. The
 * start is inside the window, the end is not.
 */
public record HourWindow(LocalTime from, LocalTime to, ZoneId zone) {

  public boolean contains(Instant when) {
    LocalTime time = when.atZone(zone).toLocalTime();
    if (from.isBefore(to)) {
      return !time.isBefore(from) && time.isBefore(to);
    }
    return !time.isBefore(from) || time.isBefore(to);
  }

  @Override
  public String toString() {
    return from + "-" + to + " " + zone;
  }
}
