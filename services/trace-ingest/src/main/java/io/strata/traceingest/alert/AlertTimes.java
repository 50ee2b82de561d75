package io.strata.traceingest.alert;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * Alertmanager's timestamps: Go's time.Time in JSON, RFC 3339 with nanoseconds and trailing zeros
 * trimmed ({@code 2026-12-07T17:20:18.95Z}), any offset. Go's zero time, {@code
 * 0001-01-01T00:00:00Z}, is "no time": Alertmanager writes it as the endsAt of a firing alert.
 */
final class AlertTimes {

  static final Instant GO_ZERO = Instant.parse("0001-01-01T00:00:00Z");

  private AlertTimes() {}

  /** The instant, or null for Go's zero time. */
  static Instant parse(String text, String where) {
    Instant instant;
    try {
      instant = OffsetDateTime.parse(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant();
    } catch (DateTimeParseException e) {
      throw JsonFields.reject(
          WebhookRejection.INVALID_TIMESTAMP, where + " is not an RFC 3339 time: " + shown(text));
    }
    if (instant.equals(GO_ZERO)) {
      return null;
    }
    if (instant.isBefore(GO_ZERO)) {
      throw JsonFields.reject(WebhookRejection.INVALID_TIMESTAMP, where + " is before year 1");
    }
    return instant;
  }

  private static String shown(String text) {
    return text.length() <= 64 ? "\"" + text + "\"" : "\"" + text.substring(0, 64) + "...\"";
  }
}
