package io.strata.correlator.core.incident;

import io.strata.correlator.core.request.Transition;
import io.strata.events.incident.Incident;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * When a request-level incident resolves because its traffic went away, and what it says. Recovery
 * is measured on windows; a workload × model_version that has had no window with enough requests to
 * evaluate for the quiet period cannot recover that way, so the incident resolves saying so: no
 * time to recover is recorded, and the note says when traffic was last measured. The topology's
 * {@code QuietIncidents} calls it on stream time for every active incident and writes back and
 * publishes what it returns.
 */
public final class QuietResolution {

  private final Duration quietPeriod;

  public QuietResolution(Duration quietPeriod) {
    this.quietPeriod = quietPeriod;
  }

  /**
   * The resolution of {@code incident} at {@code now}, or empty while its traffic is more recent
   * than the quiet period.
   *
   * @param lastMeasured the end of the version's last evaluated window; null when none was
   */
  public Optional<Transition<IncidentTracker, Incident>> decide(
      IncidentTracker incident, Instant lastMeasured, Instant now) {
    Instant lastTraffic = lastTraffic(lastMeasured, incident.current().updatedAt());
    if (lastTraffic.plus(quietPeriod).isAfter(now)) {
      return Optional.empty();
    }
    return Optional.of(
        incident.resolve(
            now,
            null,
            "resolved without traffic: no window with enough requests to measure since "
                + lastTraffic
                + " (quiet period "
                + quietPeriod
                + "); recovery was not measured"));
  }

  /**
   * The later of the last evaluated window's end and the incident's last update (a window that
   * regressed updates the incident after it was measured); the update alone when no window was.
   */
  static Instant lastTraffic(Instant measured, Instant updated) {
    if (measured == null) {
      return updated;
    }
    return updated != null && updated.isAfter(measured) ? updated : measured;
  }
}
