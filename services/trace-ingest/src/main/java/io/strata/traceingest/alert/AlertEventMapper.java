package io.strata.traceingest.alert;

import io.strata.events.Correlation;
import io.strata.events.alert.AlertEvent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A notification's alerts as {@link AlertEvent}s, labels mapped onto correlation keys. */
public final class AlertEventMapper {

  private final LabelMapping mapping;

  public AlertEventMapper(LabelMapping mapping) {
    this.mapping = mapping;
  }

  public List<AlertEvent> events(WebhookMessage message, Instant receivedAt) {
    List<AlertEvent> events = new ArrayList<>(message.alerts().size());
    for (WebhookAlert alert : message.alerts()) {
      Map<String, String> labels = alert.labels();
      Correlation correlation = mapping.correlation(labels);
      events.add(
          new AlertEvent(
              alert.fingerprint(),
              correlation.cluster(),
              alert.status(),
              nonEmpty(labels.get("alertname")),
              nonEmpty(labels.get("severity")),
              labels,
              alert.annotations(),
              alert.startsAt(),
              alert.endsAt(),
              alert.generatorUrl(),
              nonEmpty(message.receiver()),
              nonEmpty(message.externalUrl()),
              correlation,
              mapping.gpuUuid(labels),
              receivedAt));
    }
    return events;
  }

  private static String nonEmpty(String value) {
    return value == null || value.isEmpty() ? null : value;
  }
}
