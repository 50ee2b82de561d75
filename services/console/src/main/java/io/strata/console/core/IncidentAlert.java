package io.strata.console.core;

import io.strata.events.alert.AlertStatus;
import io.strata.events.incident.AlertEvidence;
import io.strata.events.incident.Incident;
import java.time.Instant;
import java.util.List;

/**
 * One Alertmanager alert an incident carries as evidence, for the page's Alerts card.
 *
 * @param link {@code generatorUrl} when it is an absolute http(s) URL, else null (shown as text)
 */
public record IncidentAlert(
    String fingerprint,
    String alertName,
    AlertStatus status,
    String severity,
    String summary,
    Instant startsAt,
    Instant endsAt,
    String generatorUrl,
    String link) {

  /** The incident's alerts in its evidence's order (the newest first). */
  static List<IncidentAlert> of(Incident incident) {
    return incident.evidence().alerts().stream().map(IncidentAlert::of).toList();
  }

  static IncidentAlert of(AlertEvidence alert) {
    return new IncidentAlert(
        alert.fingerprint(),
        alert.alertName(),
        alert.status(),
        alert.severity(),
        AlertTexts.cut(alert.summary()),
        alert.startsAt(),
        alert.endsAt(),
        alert.generatorUrl(),
        AlertTexts.link(alert.generatorUrl()));
  }
}
