package io.strata.correlator.core.incident;

import io.strata.correlator.core.request.Transition;
import io.strata.events.incident.AlertEvidence;
import io.strata.events.incident.Evidence;
import io.strata.events.incident.Incident;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Alertmanager alerts on an incident's evidence: one entry per fingerprint, the newest first, at
 * most {@code limit} (the oldest dropped); an entry follows its alert's status. An alert new to the
 * incident, or a change of one, is a revision published at once: Alertmanager already groups and
 * throttles its notifications and the receiver publishes status changes only, so this adds no
 * flood; a repeat that changes nothing is no revision.
 */
public final class IncidentAlerts {

  private IncidentAlerts() {}

  /** {@code current} with {@code alert} in it: a known fingerprint updated in place, else first. */
  public static List<AlertEvidence> joined(
      List<AlertEvidence> current, AlertEvidence alert, int limit) {
    List<AlertEvidence> next = new ArrayList<>();
    boolean known = current.stream().anyMatch(a -> a.fingerprint().equals(alert.fingerprint()));
    if (!known) {
      next.add(alert);
    }
    for (AlertEvidence entry : current) {
      next.add(entry.fingerprint().equals(alert.fingerprint()) ? alert : entry);
    }
    return List.copyOf(next.subList(0, Math.min(next.size(), Math.max(1, limit))));
  }

  /** {@code evidence} with {@code alert} joined in. */
  public static Evidence joined(Evidence evidence, AlertEvidence alert, int limit) {
    return evidence.withAlerts(joined(evidence.alerts(), alert, limit));
  }

  /**
   * The open incident with the alert joined as evidence, published at once; the tracker unchanged
   * when the incident is not open or already shows the alert as it is.
   */
  public static Transition<IncidentTracker, Incident> join(
      IncidentTracker tracker, AlertNotice alert, Instant at, int limit) {
    if (!tracker.active()) {
      return Transition.of(tracker);
    }
    Evidence current = tracker.current().evidence();
    Evidence next = joined(current, alert.evidence(), limit);
    if (next.equals(current)) {
      return Transition.of(tracker);
    }
    return tracker.withEvidence(next, at, Duration.ZERO);
  }
}
