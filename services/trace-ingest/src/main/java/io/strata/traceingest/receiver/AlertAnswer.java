package io.strata.traceingest.receiver;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.traceingest.alert.WebhookRejection;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An answer of the Alertmanager webhook endpoint, JSON. Alertmanager reads only the status: 2xx is
 * delivered, 5xx is retried, anything else is given up (notify/util.go, {@code Retrier.Check}); the
 * body is for people and logs.
 *
 * @param retryAfterSeconds the Retry-After header, or null for none
 */
public record AlertAnswer(int status, byte[] body, Long retryAfterSeconds) {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int MAX_MESSAGE = 512;

  public static AlertAnswer accepted(AlertOutcome.Accepted accepted) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("status", "accepted");
    body.put("alerts", accepted.alerts());
    body.put("published", accepted.published());
    body.put("deduplicated", accepted.deduplicated());
    return new AlertAnswer(200, json(body), null);
  }

  /**
   * Kafka unavailable or too much in flight: always 503, never 429, because Alertmanager's webhook
   * notifier retries only 5xx and would drop the notification on a 429.
   */
  public static AlertAnswer refused(AlertOutcome.Refused refused, Duration retryAfter) {
    return new AlertAnswer(
        503,
        error("refused", refused.reason().name(), refused.message()),
        HttpAnswer.retryAfterSeconds(retryAfter));
  }

  public static AlertAnswer rejected(WebhookRejection reason, String message) {
    return new AlertAnswer(reason.httpStatus(), error("rejected", reason.name(), message), null);
  }

  public static AlertAnswer failed(String message) {
    return new AlertAnswer(500, error("failed", "INTERNAL_ERROR", message), null);
  }

  private static byte[] error(String status, String reason, String message) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("status", status);
    body.put("reason", reason);
    body.put("message", printable(message));
    return json(body);
  }

  /** Bounded, and without lone surrogates (they cannot be written as UTF-8). */
  private static String printable(String message) {
    String text = message == null ? "" : message;
    if (text.length() > MAX_MESSAGE) {
      text = text.substring(0, MAX_MESSAGE) + "...";
    }
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        out.append(c).append(text.charAt(++i));
      } else {
        out.append(Character.isSurrogate(c) ? '?' : c);
      }
    }
    return out.toString();
  }

  private static byte[] json(Map<String, Object> body) {
    try {
      return JSON.writeValueAsBytes(body);
    } catch (JsonProcessingException e) {
      return ("{\"status\":\"failed\",\"reason\":\"INTERNAL_ERROR\"}")
          .getBytes(StandardCharsets.UTF_8);
    }
  }
}
