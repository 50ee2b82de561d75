package io.strata.console.core;

import io.strata.events.Correlation;
import io.strata.events.alert.AlertEvent;
import io.strata.events.alert.AlertStatus;
import java.time.Instant;
import java.util.List;

/**
 * One Alertmanager alert of the list's "Alerts (context)": an alert no incident carries as
 * evidence, as its latest record on strata.alerts.v1 states it.
 *
 * @param keys the correlation keys its labels name, as shown ({@code cluster local}, {@code pod
 *     batch/trainer-0}; {@link AlertTexts#keys})
 * @param summary its {@code summary} annotation, else {@code description}, at most 500 characters
 * @param endsAt when Alertmanager resolved it; null while firing
 * @param receivedAt when Strata received the notification of its current status
 * @param generatorUrl the link back to the rule that fired, as sent
 * @param link {@code generatorUrl} when it is an absolute http(s) URL, else null (shown as text)
 */
public record AlertRow(
    String fingerprint,
    AlertStatus status,
    String alertName,
    String severity,
    String cluster,
    String node,
    String namespace,
    String workload,
    String pod,
    String gpuUuid,
    List<String> keys,
    String summary,
    Instant startsAt,
    Instant endsAt,
    Instant receivedAt,
    String generatorUrl,
    String link) {

  public AlertRow {
    keys = List.copyOf(keys);
  }

  static AlertRow of(AlertEvent alert) {
    Correlation correlation = alert.correlation();
    return new AlertRow(
        alert.fingerprint(),
        alert.status(),
        alert.alertName(),
        alert.severity(),
        correlation.cluster() != null ? correlation.cluster() : alert.cluster(),
        correlation.node(),
        correlation.namespace(),
        correlation.workload(),
        correlation.pod(),
        alert.gpuUuid(),
        AlertTexts.keys(
            correlation.cluster() != null ? correlation : correlation.withCluster(alert.cluster()),
            alert.gpuUuid()),
        AlertTexts.summary(alert.annotations()),
        alert.startsAt(),
        alert.endsAt(),
        alert.receivedAt(),
        alert.generatorUrl(),
        AlertTexts.link(alert.generatorUrl()));
  }
}
