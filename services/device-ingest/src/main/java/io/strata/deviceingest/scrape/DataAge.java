package io.strata.deviceingest.scrape;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How old the newest page of each target this replica scrapes is, so an operator sees whether
 * device-ingest holds its interval: the oldest of them is {@code strata_device_ingest_data_age_max_
 * seconds}. A target that never answered counts from its first scrape attempt, so an unreachable
 * exporter shows a growing age rather than none; a target that moved to another replica or left is
 * forgotten.
 */
public final class DataAge {

  private final Map<String, Instant> newestPage = new ConcurrentHashMap<>();

  /** A scrape of {@code target} is starting: its age counts from now if it never answered. */
  public void attempted(String target, Instant at) {
    newestPage.putIfAbsent(target, at);
  }

  /** {@code target} gave a page at {@code at}. */
  public void paged(String target, Instant at) {
    newestPage.merge(target, at, (before, next) -> next.isAfter(before) ? next : before);
  }

  public void forget(String target) {
    newestPage.remove(target);
  }

  /** The age of the oldest newest page at {@code now}; zero without targets. */
  public Duration oldest(Instant now) {
    Instant oldest = null;
    for (Instant at : newestPage.values()) {
      if (oldest == null || at.isBefore(oldest)) {
        oldest = at;
      }
    }
    if (oldest == null || oldest.isAfter(now)) {
      return Duration.ZERO;
    }
    return Duration.between(oldest, now);
  }
}
