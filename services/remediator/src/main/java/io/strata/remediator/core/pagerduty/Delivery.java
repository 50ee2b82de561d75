package io.strata.remediator.core.pagerduty;

import com.fasterxml.jackson.databind.JsonNode;
import io.strata.remediator.core.patch.KubeJson;
import java.util.ArrayList;
import java.util.List;

/**
 * One attempt's outcome, classified as PagerDuty's "Events API v2 Overview", "Response Codes &
 * Retry Logic" says (PagerDuty/developer-docs, docs/events-API-v2/01-Overview.md): 202 accepted;
 * 400 not to be retried; 429, 5xx and network errors retried after a while.
 *
 * @param status the HTTP status, 0 without an answer
 * @param detail PagerDuty's {@code message} and {@code errors} for a 400, else the start of the
 *     answer or the failure
 */
public record Delivery(Outcome outcome, DeliveryReason reason, int status, String detail) {

  /** Whether another attempt may succeed. */
  public enum Outcome {
    DELIVERED,
    TRANSIENT,
    PERMANENT
  }

  /** How much of an answer a detail keeps. */
  static final int DETAIL_CHARS = 300;

  public static Delivery classify(int status, String body) {
    String text = body == null ? "" : body;
    if (status >= 200 && status < 300) {
      return new Delivery(Outcome.DELIVERED, DeliveryReason.ACCEPTED, status, "");
    }
    if (status == 429) {
      return new Delivery(Outcome.TRANSIENT, DeliveryReason.THROTTLED, status, cut(text));
    }
    if (status >= 500 && status < 600) {
      return new Delivery(Outcome.TRANSIENT, DeliveryReason.SERVER_ERROR, status, cut(text));
    }
    if (status == 400) {
      return new Delivery(Outcome.PERMANENT, DeliveryReason.INVALID_EVENT, status, invalid(text));
    }
    if (status >= 400 && status < 500) {
      return new Delivery(Outcome.PERMANENT, DeliveryReason.REFUSED, status, cut(text));
    }
    return new Delivery(Outcome.PERMANENT, DeliveryReason.UNEXPECTED_STATUS, status, cut(text));
  }

  /** No answer: {@code failure} says why (never the request, which holds the routing key). */
  public static Delivery unreachable(String failure) {
    return new Delivery(Outcome.TRANSIENT, DeliveryReason.UNREACHABLE, 0, cut(failure));
  }

  public boolean delivered() {
    return outcome == Outcome.DELIVERED;
  }

  /** {@code {"status":"invalid event","message":…,"errors":[…]}} as one line. */
  private static String invalid(String body) {
    try {
      JsonNode answer = KubeJson.parseObject(body);
      List<String> parts = new ArrayList<>();
      if (answer.path("message").isTextual()) {
        parts.add(answer.path("message").asText());
      }
      answer.path("errors").forEach(e -> parts.add(e.asText()));
      return parts.isEmpty() ? cut(body) : cut(String.join("; ", parts));
    } catch (IllegalArgumentException e) {
      return cut(body);
    }
  }

  private static String cut(String text) {
    String line = text == null ? "" : text.replaceAll("\\s+", " ").trim();
    return line.length() <= DETAIL_CHARS ? line : line.substring(0, DETAIL_CHARS) + "…";
  }
}
