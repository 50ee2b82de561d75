package io.strata.simulator.pagerduty;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What PagerDuty's Events API v2 requires of an alert event ("Send an Alert Event" in PagerDuty's
 * developer docs, PagerDuty/developer-docs docs/events-API-v2/02-Trigger-Events.md): a 32-character
 * routing_key (here: the one integration the stand-in knows), an event_action of trigger,
 * acknowledge or resolve, a dedup_key of at most 255 characters (required to acknowledge or
 * resolve), and for a trigger a payload with summary (at most 1,024 characters), source and one of
 * the four severities; links need an href and images a src. Each problem is one entry of the 400's
 * {@code errors}.
 */
final class EventCheck {

  static final Set<String> ACTIONS = Set.of("trigger", "acknowledge", "resolve");
  static final Set<String> SEVERITIES = Set.of("critical", "error", "warning", "info");
  static final int KEY_LENGTH = 32;
  static final int DEDUP_KEY_MAX = 255;
  static final int SUMMARY_MAX = 1024;

  private EventCheck() {}

  /** The problems with {@code event}; empty when PagerDuty would accept it. */
  static List<String> problems(JsonNode event, String routingKey) {
    List<String> problems = new ArrayList<>();
    JsonNode key = event.path("routing_key");
    if (blank(key)) {
      problems.add("'routing_key' is missing or blank");
    } else if (key.asText().length() != KEY_LENGTH) {
      problems.add("Length of 'routing_key' is incorrect (should be 32 characters)");
    } else if (!key.asText().equals(routingKey)) {
      problems.add("Invalid routing key");
    }
    JsonNode action = event.path("event_action");
    if (blank(action)) {
      problems.add("'event_action' is missing or blank");
    } else if (!ACTIONS.contains(action.asText())) {
      problems.add("'event_action' is invalid (must be trigger, acknowledge or resolve)");
    }
    JsonNode dedup = event.path("dedup_key");
    if (!dedup.isMissingNode() && !dedup.isNull() && !dedup.isTextual()) {
      problems.add("'dedup_key' must be a string");
    } else if (dedup.isTextual() && dedup.asText().length() > DEDUP_KEY_MAX) {
      problems.add("Length of 'dedup_key' is too long (maximum is 255 characters)");
    } else if (blank(dedup)
        && ("acknowledge".equals(action.asText()) || "resolve".equals(action.asText()))) {
      problems.add("'dedup_key' is missing or blank");
    }
    if ("trigger".equals(action.asText())) {
      payload(event.path("payload"), problems);
    }
    each(event.path("links"), "links", "href", problems);
    each(event.path("images"), "images", "src", problems);
    return problems;
  }

  private static void payload(JsonNode payload, List<String> problems) {
    if (!payload.isObject()) {
      problems.add("'payload' is missing or not an object");
      return;
    }
    JsonNode summary = payload.path("summary");
    if (blank(summary)) {
      problems.add("'payload.summary' is missing or blank");
    } else if (summary.asText().length() > SUMMARY_MAX) {
      problems.add("Length of 'payload.summary' is too long (maximum is 1024 characters)");
    }
    if (blank(payload.path("source"))) {
      problems.add("'payload.source' is missing or blank");
    }
    JsonNode severity = payload.path("severity");
    if (blank(severity)) {
      problems.add("'payload.severity' is missing or blank");
    } else if (!SEVERITIES.contains(severity.asText())) {
      problems.add("'payload.severity' is invalid (must be critical, error, warning or info)");
    }
    JsonNode timestamp = payload.path("timestamp");
    if (!timestamp.isMissingNode() && !timestamp.isNull() && !isTimestamp(timestamp)) {
      problems.add("'payload.timestamp' is not an ISO 8601 timestamp");
    }
  }

  private static void each(JsonNode list, String name, String field, List<String> problems) {
    if (list.isMissingNode() || list.isNull()) {
      return;
    }
    if (!list.isArray()) {
      problems.add("'" + name + "' must be an array");
      return;
    }
    for (int i = 0; i < list.size(); i++) {
      if (blank(list.get(i).path(field))) {
        problems.add("'" + name + "[" + i + "]." + field + "' is missing or blank");
      }
    }
  }

  private static boolean isTimestamp(JsonNode value) {
    if (!value.isTextual()) {
      return false;
    }
    try {
      OffsetDateTime.parse(value.asText(), DateTimeFormatter.ISO_OFFSET_DATE_TIME);
      return true;
    } catch (DateTimeParseException e) {
      // PagerDuty's own example writes the offset without a colon: 2015-07-17T08:42:58.315+0000.
      try {
        OffsetDateTime.parse(
            value.asText(), DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss[.SSS]xx"));
        return true;
      } catch (DateTimeParseException again) {
        return false;
      }
    }
  }

  private static boolean blank(JsonNode value) {
    return !value.isTextual() || value.asText().isBlank();
  }
}
