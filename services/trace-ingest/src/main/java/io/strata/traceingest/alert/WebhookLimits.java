package io.strata.traceingest.alert;

/**
 * Bounds on one notification, so a hostile or runaway sender cannot make one request cost more than
 * the body limit already allows, and no label reaches Kafka unbounded.
 *
 * @param maxAlerts alerts in one notification (Alertmanager's max_alerts should be at most this)
 * @param maxLabelsPerAlert labels, and separately annotations, on one alert
 * @param maxLabelLength characters of a label name or value (group and common labels too)
 * @param maxAnnotationLength characters of an annotation value
 * @param maxAlertCharacters characters of one alert's label and annotation names and values and
 *     generatorURL together; at most 6 bytes each once JSON-escaped, so 131072 keeps a record under
 *     Kafka's default 1 MiB
 */
public record WebhookLimits(
    int maxAlerts,
    int maxLabelsPerAlert,
    int maxLabelLength,
    int maxAnnotationLength,
    int maxAlertCharacters) {}
