package io.strata.events.incident;

import io.strata.events.alert.AlertStatus;
import java.time.Instant;

/**
 * One Alertmanager alert joined to an incident as evidence (from {@code strata.alerts.v1}): what
 * the on-call engineer would otherwise look up in Alertmanager. Its status follows the alert.
 *
 * @param fingerprint Alertmanager's fingerprint of the alert's label set
 * @param alertName the {@code alertname} label
 * @param severity the alert's {@code severity} label as written ({@code null} when absent)
 * @param summary the {@code summary} annotation, else {@code description} (the correlator cuts it
 *     at 500 characters)
 * @param endsAt when Alertmanager resolved it; {@code null} while firing
 * @param generatorUrl the link back to the rule that fired
 */
public record AlertEvidence(
    String fingerprint,
    String alertName,
    AlertStatus status,
    String severity,
    String summary,
    Instant startsAt,
    Instant endsAt,
    String generatorUrl) {

  public AlertEvidence {
    status = status == null ? AlertStatus.UNSPECIFIED : status;
  }
}
