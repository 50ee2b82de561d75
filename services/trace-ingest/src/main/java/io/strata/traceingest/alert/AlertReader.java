package io.strata.traceingest.alert;

import io.strata.events.alert.AlertStatus;
import java.time.Instant;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One alert of a notification, template/template.go {@code Alert}: status, labels, annotations,
 * startsAt, endsAt, generatorURL, fingerprint, each checked against the limits.
 */
final class AlertReader {

  /** {@code model.Fingerprint.String()}: a 64-bit hash as %016x. */
  private static final Pattern FINGERPRINT = Pattern.compile("[0-9a-f]{16}");

  private final WebhookLimits limits;

  AlertReader(WebhookLimits limits) {
    this.limits = limits;
  }

  WebhookAlert read(JsonFields alert) {
    AlertStatus status = status(alert.requiredText("status"), alert.at("status"));
    Instant startsAt = AlertTimes.parse(alert.requiredText("startsAt"), alert.at("startsAt"));
    if (startsAt == null) {
      throw JsonFields.reject(
          WebhookRejection.INVALID_TIMESTAMP, alert.at("startsAt") + " is the zero time");
    }
    String end = alert.optionalText("endsAt");
    Instant endsAt = end == null ? null : AlertTimes.parse(end, alert.at("endsAt"));
    if (status == AlertStatus.RESOLVED && endsAt == null) {
      throw JsonFields.reject(
          WebhookRejection.INVALID_TIMESTAMP, alert.at("endsAt") + ": a resolved alert has an end");
    }
    if (endsAt != null && endsAt.isBefore(startsAt)) {
      throw JsonFields.reject(
          WebhookRejection.INVALID_TIMESTAMP, alert.at("endsAt") + " is before startsAt");
    }
    String fingerprint = alert.requiredText("fingerprint");
    if (!FINGERPRINT.matcher(fingerprint).matches()) {
      throw JsonFields.reject(
          WebhookRejection.INVALID_FINGERPRINT,
          alert.at("fingerprint") + " must be 16 lowercase hex characters");
    }
    String generatorUrl = alert.optionalText("generatorURL", limits.maxAnnotationLength());
    Map<String, String> labels =
        alert.stringMap(
            "labels",
            true,
            limits.maxLabelsPerAlert(),
            limits.maxLabelLength(),
            limits.maxLabelLength(),
            WebhookRejection.LABEL_TOO_LONG);
    Map<String, String> annotations =
        alert.stringMap(
            "annotations",
            false,
            limits.maxLabelsPerAlert(),
            limits.maxLabelLength(),
            limits.maxAnnotationLength(),
            WebhookRejection.ANNOTATION_TOO_LONG);
    long characters =
        characters(labels)
            + characters(annotations)
            + (generatorUrl == null ? 0 : generatorUrl.length());
    if (characters > limits.maxAlertCharacters()) {
      throw JsonFields.reject(
          WebhookRejection.ALERT_TOO_LARGE,
          alert.path()
              + " labels, annotations and generatorURL hold "
              + characters
              + " characters, more than max-alert-characters "
              + limits.maxAlertCharacters());
    }
    return new WebhookAlert(
        status,
        labels,
        annotations,
        startsAt,
        // Alertmanager hides the planned end of an alert that still fires (types.Alerts).
        status == AlertStatus.FIRING ? null : endsAt,
        generatorUrl == null || generatorUrl.isEmpty() ? null : generatorUrl,
        fingerprint);
  }

  private static long characters(Map<String, String> map) {
    long total = 0;
    for (Map.Entry<String, String> entry : map.entrySet()) {
      total += entry.getKey().length() + entry.getValue().length();
    }
    return total;
  }

  static AlertStatus status(String status, String where) {
    return switch (status) {
      case "firing" -> AlertStatus.FIRING;
      case "resolved" -> AlertStatus.RESOLVED;
      default ->
          throw JsonFields.reject(
              WebhookRejection.INVALID_STATUS, where + " must be firing or resolved");
    };
  }
}
