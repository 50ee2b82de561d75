package io.strata.remediator.core.pagerduty;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.remediator.core.patch.KubeJson;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One alert event of PagerDuty's Events API v2, as typed records serialised to the body of {@code
 * POST /v2/enqueue}. Field names and limits: PagerDuty's developer docs, "Send an Alert Event" and
 * "Events API v2 Overview" (PagerDuty/developer-docs, docs/events-API-v2/02-Trigger-Events.md and
 * 01-Overview.md). A trigger carries the payload and the client; acknowledge and resolve only name
 * the alert (dedup_key), as the docs' examples do. Every event carries the links.
 *
 * @param routingKey the integration key (a secret: never logged, redacted in dead letters)
 * @param payload present on trigger only
 * @param client the monitoring tool's name, trigger only
 * @param clientUrl where that tool is, trigger only
 */
public record PagerDutyEvent(
    String routingKey,
    EventAction action,
    String dedupKey,
    Optional<Payload> payload,
    List<Link> links,
    Optional<String> client,
    Optional<String> clientUrl) {

  /** What stands for the routing key in a dead letter or a log line. */
  public static final String REDACTED = "<redacted>";

  public PagerDutyEvent {
    links = List.copyOf(links);
  }

  /**
   * PD-CEF's fields. Optional ones are null when unknown and then left out.
   *
   * @param summary at most {@link PagerDutyEvents#SUMMARY_MAX} characters
   * @param source the affected system, preferably a host name
   * @param eventClass {@code payload.class}
   * @param customDetails free-form, in order
   */
  public record Payload(
      String summary,
      String source,
      PagerSeverity severity,
      Instant timestamp,
      String component,
      String group,
      String eventClass,
      Map<String, String> customDetails) {

    public Payload {
      customDetails = Collections.unmodifiableMap(new LinkedHashMap<>(customDetails));
    }
  }

  /** {@code links[]}: {@code href} required, {@code text} optional. */
  public record Link(String href, String text) {}

  /** The request body. */
  public ObjectNode toJson() {
    return json(routingKey);
  }

  /** The body with the routing key replaced, for dead letters and logs. */
  public ObjectNode toRedactedJson() {
    return json(REDACTED);
  }

  private ObjectNode json(String key) {
    ObjectNode event = KubeJson.object();
    event.put("routing_key", key);
    event.put("event_action", action.wire());
    event.put("dedup_key", dedupKey);
    payload.ifPresent(p -> payload(event.putObject("payload"), p));
    if (!links.isEmpty()) {
      ArrayNode array = event.putArray("links");
      links.forEach(l -> array.addObject().put("href", l.href()).put("text", l.text()));
    }
    client.ifPresent(c -> event.put("client", c));
    clientUrl.ifPresent(u -> event.put("client_url", u));
    return event;
  }

  private static void payload(ObjectNode out, Payload p) {
    out.put("summary", p.summary());
    out.put("source", p.source());
    out.put("severity", p.severity().wire());
    putIfSet(out, "timestamp", p.timestamp() == null ? null : p.timestamp().toString());
    putIfSet(out, "component", p.component());
    putIfSet(out, "group", p.group());
    putIfSet(out, "class", p.eventClass());
    if (!p.customDetails().isEmpty()) {
      ObjectNode details = out.putObject("custom_details");
      p.customDetails().forEach(details::put);
    }
  }

  private static void putIfSet(ObjectNode out, String field, String value) {
    if (value != null && !value.isBlank()) {
      out.put(field, value);
    }
  }
}
