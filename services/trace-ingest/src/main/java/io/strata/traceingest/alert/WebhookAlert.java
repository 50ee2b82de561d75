package io.strata.traceingest.alert;

import io.strata.events.alert.AlertStatus;
import java.time.Instant;
import java.util.Map;

/**
 * One alert of a notification, Alertmanager's {@code template.Alert}.
 *
 * @param endsAt null for Alertmanager's zero time (an alert still firing)
 * @param generatorUrl null when absent or empty
 */
public record WebhookAlert(
    AlertStatus status,
    Map<String, String> labels,
    Map<String, String> annotations,
    Instant startsAt,
    Instant endsAt,
    String generatorUrl,
    String fingerprint) {

  public WebhookAlert {
    labels = Map.copyOf(labels);
    annotations = Map.copyOf(annotations);
  }
}
