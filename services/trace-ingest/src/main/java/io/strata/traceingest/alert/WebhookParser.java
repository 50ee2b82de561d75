package io.strata.traceingest.alert;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads Alertmanager's webhook body, payload version 4 (notify/webhook/webhook.go {@code Message},
 * template/template.go {@code Data} and {@code Alert}). Unknown fields are ignored; every known
 * field of the wrong shape is a {@link WebhookRejectedException} with its reason and path.
 */
public final class WebhookParser {

  /** The only payload version Alertmanager has sent since 0.x; a new one changes the shape. */
  public static final String VERSION = "4";

  private static final ObjectMapper JSON =
      JsonMapper.builder()
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .build();

  private final WebhookLimits limits;
  private final AlertReader alertReader;

  public WebhookParser(WebhookLimits limits) {
    this.limits = limits;
    this.alertReader = new AlertReader(limits);
  }

  public WebhookMessage parse(byte[] body) {
    JsonFields message = JsonFields.of(tree(body), "");
    String version = message.requiredText("version");
    if (!VERSION.equals(version)) {
      throw JsonFields.reject(
          WebhookRejection.UNSUPPORTED_VERSION,
          "version "
              + (version.length() > 16 ? version.substring(0, 16) + "..." : version)
              + " is not supported; Alertmanager's webhook payload version "
              + VERSION
              + " is");
    }
    String status = message.requiredText("status");
    AlertReader.status(status, "status");
    JsonNode alerts = message.requiredArray("alerts");
    if (alerts.size() > limits.maxAlerts()) {
      throw JsonFields.reject(
          WebhookRejection.TOO_MANY_ALERTS,
          alerts.size()
              + " alerts, more than max-alerts "
              + limits.maxAlerts()
              + " (set the receiver's max_alerts at most that)");
    }
    List<WebhookAlert> parsed = new ArrayList<>(alerts.size());
    for (int i = 0; i < alerts.size(); i++) {
      parsed.add(alertReader.read(JsonFields.of(alerts.get(i), "alerts[" + i + "]")));
    }
    int text = limits.maxAnnotationLength();
    return new WebhookMessage(
        message.optionalText("receiver", text),
        status,
        parsed,
        labels(message, "groupLabels"),
        labels(message, "commonLabels"),
        message.stringMap(
            "commonAnnotations",
            false,
            limits.maxLabelsPerAlert(),
            limits.maxLabelLength(),
            text,
            WebhookRejection.ANNOTATION_TOO_LONG),
        message.optionalText("externalURL", text),
        version,
        message.optionalText("groupKey", text),
        message.count("truncatedAlerts"));
  }

  private Map<String, String> labels(JsonFields message, String name) {
    return message.stringMap(
        name,
        false,
        limits.maxLabelsPerAlert(),
        limits.maxLabelLength(),
        limits.maxLabelLength(),
        WebhookRejection.LABEL_TOO_LONG);
  }

  private static JsonNode tree(byte[] body) {
    try {
      JsonNode root = JSON.readTree(body);
      if (root == null || !root.isObject()) {
        throw JsonFields.reject(
            WebhookRejection.MALFORMED_JSON, "the body must be one JSON object");
      }
      return root;
    } catch (JsonProcessingException e) {
      throw JsonFields.reject(
          WebhookRejection.MALFORMED_JSON, "not JSON: " + e.getOriginalMessage());
    } catch (IOException e) {
      throw JsonFields.reject(WebhookRejection.MALFORMED_JSON, "not JSON: " + e.getMessage());
    }
  }
}
