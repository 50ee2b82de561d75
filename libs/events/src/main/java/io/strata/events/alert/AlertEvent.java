package io.strata.events.alert;

import io.strata.events.Correlation;
import java.time.Instant;
import java.util.Map;

/**
 * One alert from Alertmanager's webhook (payload version 4), published when it first arrives and
 * again whenever its status changes; Alertmanager's repeats of an unchanged alert are not
 * republished. Key: fingerprint.
 *
 * @param fingerprint Alertmanager's fingerprint of the alert's label set: one alert, firing or
 *     resolved, always has the same one
 * @param cluster the cluster the alert is about: its mapped cluster label, else the receiver's
 * @param alertName the {@code alertname} label
 * @param severity the {@code severity} label exactly as written ({@code null} when absent)
 * @param labels every label, as Alertmanager sent them
 * @param annotations every annotation, as Alertmanager sent them
 * @param endsAt when Alertmanager resolved it; {@code null} while firing (Alertmanager's zero time)
 * @param generatorUrl the link back to the rule that fired, as Alertmanager sent it
 * @param receiver the Alertmanager receiver that delivered it
 * @param externalUrl the delivering Alertmanager's external URL
 * @param correlation the correlation keys the labels name, mapped by the receiver's configuration
 * @param gpuUuid the GPU the labels name, when they name one
 * @param receivedAt when Strata received the notification that carried this status
 */
public record AlertEvent(
    String fingerprint,
    String cluster,
    AlertStatus status,
    String alertName,
    String severity,
    Map<String, String> labels,
    Map<String, String> annotations,
    Instant startsAt,
    Instant endsAt,
    String generatorUrl,
    String receiver,
    String externalUrl,
    Correlation correlation,
    String gpuUuid,
    Instant receivedAt) {

  public AlertEvent {
    status = status == null ? AlertStatus.UNSPECIFIED : status;
    labels = labels == null ? Map.of() : Map.copyOf(labels);
    annotations = annotations == null ? Map.of() : Map.copyOf(annotations);
    correlation = correlation == null ? Correlation.empty() : correlation;
  }
}
