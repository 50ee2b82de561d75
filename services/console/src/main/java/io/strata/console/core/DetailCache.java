package io.strata.console.core;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What was read for the incidents people looked at: each incident's telemetry and how far each of
 * its reads got, so a page refresh does not read again. A read that completed is never repeated; an
 * unfinished one (stopped by its bounds) and the tail of an open incident are continued from where
 * they stopped, at most every {@code refreshEvery}. A new revision that changes what the page shows
 * (another GPU, another exemplar) starts the incident over. Bounded: the least recently planned
 * incident is forgotten first. Not thread-safe: its one caller reads Kafka under one lock.
 */
public final class DetailCache {

  /**
   * One read to do now.
   *
   * @param fromOffset where the last step of this read stopped; null for a first read, which starts
   *     at the record time {@code read.from()}
   * @param to the record time to read up to now (an open incident's "now")
   */
  public record Step(TelemetryRead read, Long fromOffset, Instant to) {}

  /** The incident's telemetry (possibly still filling) and the steps to run for it. */
  public record Work(IncidentTelemetry telemetry, List<Step> steps) {}

  private record Progress(long nextOffset, boolean complete) {}

  private static final class Entry {
    final Set<String> signature;
    final IncidentTelemetry telemetry;
    final Map<String, Progress> progress = new HashMap<>();
    Instant refreshedAt;

    Entry(Set<String> signature, IncidentTelemetry telemetry) {
      this.signature = signature;
      this.telemetry = telemetry;
    }
  }

  private final Bounded<String, Entry> entries;
  private final Duration refreshEvery;
  private final ConsoleLimits limits;

  public DetailCache(int incidents, Duration refreshEvery, ConsoleLimits limits) {
    this.entries = new Bounded<>(incidents);
    this.refreshEvery = refreshEvery;
    this.limits = limits;
  }

  /** The incident's telemetry and what to read now to bring it up to date (often nothing). */
  public Work work(String incidentId, List<TelemetryRead> plan, Instant now) {
    Set<String> signature =
        plan.stream().map(TelemetryRead::identity).collect(Collectors.toUnmodifiableSet());
    Entry entry = entries.get(incidentId);
    if (entry == null || !entry.signature.equals(signature)) {
      entry = new Entry(signature, new IncidentTelemetry(limits));
    } else if (entry.refreshedAt != null && now.isBefore(entry.refreshedAt.plus(refreshEvery))) {
      entries.write(incidentId, entry);
      return new Work(entry.telemetry, List.of());
    }
    entries.write(incidentId, entry);
    List<Step> steps = new ArrayList<>();
    for (TelemetryRead read : plan) {
      Progress done = entry.progress.get(read.identity());
      if (done != null && done.complete()) {
        continue;
      }
      Instant to = read.to().isAfter(now) ? now : read.to();
      steps.add(new Step(read, done == null ? null : done.nextOffset(), to));
    }
    entry.refreshedAt = now;
    return new Work(entry.telemetry, steps);
  }

  /**
   * Records what a step did: where the read continues, and whether it read everything up to its
   * step's end time (complete when that end is the read's own, fixed end).
   */
  public void done(String incidentId, Step step, long nextOffset, boolean reachedEnd) {
    Entry entry = entries.get(incidentId);
    if (entry == null || !entry.signature.contains(step.read().identity())) {
      return;
    }
    boolean complete =
        reachedEnd && !step.read().followsNow() && !step.to().isBefore(step.read().to());
    entry.progress.put(step.read().identity(), new Progress(nextOffset, complete));
  }

  /** Incidents whose telemetry is kept. */
  public int size() {
    return entries.size();
  }
}
