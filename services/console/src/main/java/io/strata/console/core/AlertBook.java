package io.strata.console.core;

import io.strata.events.alert.AlertEvent;
import io.strata.events.alert.AlertStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The latest record of each alert on strata.alerts.v1, by fingerprint. Bounded: past the capacity
 * the alert written longest ago is forgotten first; a resolved alert is forgotten once it has been
 * resolved for the retention.
 */
final class AlertBook {

  private final Bounded<String, AlertEvent> alerts;
  private final Duration resolvedRetention;

  AlertBook(int capacity, Duration resolvedRetention) {
    this.alerts = new Bounded<>(capacity);
    this.resolvedRetention = resolvedRetention;
  }

  /**
   * Keeps the record unless one received later is already known for its fingerprint. Records of one
   * fingerprint share a partition, so they arrive in the order written; the time guards against two
   * trace-ingest replicas writing one alert's changes out of order.
   */
  boolean add(AlertEvent alert) {
    AlertEvent known = alerts.get(alert.fingerprint());
    if (known != null
        && known.receivedAt() != null
        && alert.receivedAt() != null
        && alert.receivedAt().isBefore(known.receivedAt())) {
      return false;
    }
    alerts.write(alert.fingerprint(), alert);
    return true;
  }

  /** The alerts kept at {@code now}, those resolved longer than the retention forgotten first. */
  List<AlertEvent> current(Instant now) {
    alerts.values().removeIf(alert -> expired(alert, now));
    return List.copyOf(alerts.values());
  }

  int size() {
    return alerts.size();
  }

  /**
   * Resolved for longer than the retention: counted from the later of Alertmanager's endsAt and the
   * time Strata heard of the resolution, so a late notification is still shown for the whole
   * retention.
   */
  private boolean expired(AlertEvent alert, Instant now) {
    if (alert.status() != AlertStatus.RESOLVED) {
      return false;
    }
    Instant resolved = later(alert.endsAt(), alert.receivedAt());
    return resolved != null && resolved.plus(resolvedRetention).isBefore(now);
  }

  private static Instant later(Instant a, Instant b) {
    if (a == null) {
      return b;
    }
    return b == null || a.isAfter(b) ? a : b;
  }
}
