package io.strata.traceingest.alert;

import java.util.List;
import java.util.Map;

/**
 * One Alertmanager webhook notification, payload version 4: {@code notify/webhook.Message}, which
 * embeds {@code template.Data} (receiver, status, alerts, groupLabels, commonLabels,
 * commonAnnotations, externalURL) and adds version, groupKey and truncatedAlerts.
 *
 * @param truncatedAlerts alerts Alertmanager left out because of the receiver's max_alerts
 */
public record WebhookMessage(
    String receiver,
    String status,
    List<WebhookAlert> alerts,
    Map<String, String> groupLabels,
    Map<String, String> commonLabels,
    Map<String, String> commonAnnotations,
    String externalUrl,
    String version,
    String groupKey,
    long truncatedAlerts) {

  public WebhookMessage {
    alerts = List.copyOf(alerts);
    groupLabels = Map.copyOf(groupLabels);
    commonLabels = Map.copyOf(commonLabels);
    commonAnnotations = Map.copyOf(commonAnnotations);
  }
}
