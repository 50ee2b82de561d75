package io.strata.remediator.core.pagerduty;

import io.strata.events.Correlation;
import io.strata.events.incident.DeviceEvidence;
import io.strata.events.incident.Incident;
import io.strata.events.incident.Scope;
import io.strata.events.trace.Stage;
import io.strata.loglinks.LogLink;
import io.strata.loglinks.LogLinks;
import io.strata.remediator.core.review.IncidentText;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The event for one incident and action: dedup_key the incident id (so acknowledge and resolve find
 * the alert the trigger opened, and a reopened incident opens a new alert once PagerDuty resolved
 * the old one), the payload in PD-CEF's terms, and links to the console page, its review section
 * and the incident's logs.
 */
public final class PagerDutyEvents {

  /** PagerDuty's limit on {@code payload.summary}. */
  public static final int SUMMARY_MAX = 1024;

  /** Log links per event, as on a Teams card; their URLs together within {@link #LOG_CHARS}. */
  public static final int MAX_LOG_LINKS = 5;

  static final int LOG_CHARS = 4_000;
  static final String CLIENT = "Strata";

  private final String routingKey;
  private final Optional<String> consoleUrl;
  private final LogLinks logLinks;

  /**
   * @param consoleUrl the console's base URL; absent: the events link only to logs
   */
  public PagerDutyEvents(String routingKey, Optional<String> consoleUrl, LogLinks logLinks) {
    this.routingKey = routingKey;
    this.consoleUrl =
        consoleUrl
            .filter(u -> !u.isBlank())
            .map(u -> u.endsWith("/") ? u.substring(0, u.length() - 1) : u);
    this.logLinks = logLinks == null ? LogLinks.none() : logLinks;
  }

  public PagerDutyEvent of(Incident incident, EventAction action) {
    boolean trigger = action == EventAction.TRIGGER;
    return new PagerDutyEvent(
        routingKey,
        action,
        incident.incidentId(),
        trigger ? Optional.of(payload(incident)) : Optional.empty(),
        links(incident),
        trigger ? Optional.of(CLIENT) : Optional.empty(),
        trigger ? consoleUrl : Optional.empty());
  }

  /** The headline, cut to PagerDuty's 1,024 characters with an ellipsis (never mid-character). */
  public static String summary(Incident incident) {
    String headline = IncidentText.headline(incident);
    if (headline.length() <= SUMMARY_MAX) {
      return headline;
    }
    int end = SUMMARY_MAX - 1;
    if (Character.isHighSurrogate(headline.charAt(end - 1))) {
      end--;
    }
    return headline.substring(0, end) + "…";
  }

  private PagerDutyEvent.Payload payload(Incident incident) {
    return new PagerDutyEvent.Payload(
        summary(incident),
        source(incident),
        PagerSeverity.of(incident.severity()),
        incident.episodeStartedAt() != null ? incident.episodeStartedAt() : incident.updatedAt(),
        component(incident),
        cluster(incident),
        incident.incidentClass().name(),
        details(incident));
  }

  /** {@code <cluster>/<node>}, else {@code <cluster>/<namespace>/<workload>}, else the cluster. */
  static String source(Incident incident) {
    List<String> parts = new ArrayList<>();
    addIfSet(parts, cluster(incident));
    String node = node(incident);
    if (node != null) {
      parts.add(node);
    } else {
      addIfSet(parts, workload(incident));
    }
    return parts.isEmpty() ? CLIENT : String.join("/", parts);
  }

  private List<PagerDutyEvent.Link> links(Incident incident) {
    List<PagerDutyEvent.Link> links = new ArrayList<>();
    consoleUrl.ifPresent(
        base -> {
          String page =
              base
                  + "/incident.html?id="
                  + URLEncoder.encode(incident.incidentId(), StandardCharsets.UTF_8);
          links.add(new PagerDutyEvent.Link(page, "Strata console: " + incident.incidentId()));
          links.add(
              new PagerDutyEvent.Link(
                  page + "#review-card", "Strata review: " + incident.incidentId()));
        });
    for (LogLink link : logLinks.render(incident, List.of(), MAX_LOG_LINKS, LOG_CHARS)) {
      links.add(new PagerDutyEvent.Link(link.url(), link.label()));
    }
    return links;
  }

  private static Map<String, String> details(Incident incident) {
    Map<String, String> details = new LinkedHashMap<>();
    details.put("incident_id", incident.incidentId());
    details.put("episode", Integer.toString(incident.episode()));
    details.put("state", incident.state().name());
    if (incident.trigger() != null) {
      details.put("trigger", IncidentText.triggerLine(incident.trigger()));
    }
    if (!incident.evidence().devices().isEmpty()) {
      details.put("device", IncidentText.deviceLine(incident));
    }
    if (incident.scope() != null) {
      details.put("scope", IncidentText.scopeLine(incident.scope()));
    }
    if (incident.longestStage() != Stage.UNSPECIFIED) {
      details.put("longest_stage", incident.longestStage().name());
    }
    if (!incident.suggestedActions().isEmpty()) {
      details.put(
          "suggested_actions",
          incident.suggestedActions().stream().map(Enum::name).collect(Collectors.joining(", ")));
    }
    if (incident.openedAt() != null) {
      details.put("opened_at", incident.openedAt().toString());
    }
    return details;
  }

  private static String cluster(Incident incident) {
    Scope scope = incident.scope();
    String cluster = incident.correlation().cluster();
    return cluster != null ? cluster : scope == null ? null : blankToNull(scope.cluster());
  }

  /** The correlation's node, else the first faulty GPU's, else the scope's only node. */
  private static String node(Incident incident) {
    if (incident.correlation().node() != null) {
      return incident.correlation().node();
    }
    for (DeviceEvidence d : incident.evidence().devices()) {
      if (d.node() != null && !d.node().isBlank()) {
        return d.node();
      }
    }
    Scope scope = incident.scope();
    return scope != null && scope.nodes().size() == 1 ? blankToNull(scope.nodes().get(0)) : null;
  }

  private static String workload(Incident incident) {
    Correlation c = incident.correlation();
    if (c.workload() != null) {
      return c.namespace() == null ? c.workload() : c.namespace() + "/" + c.workload();
    }
    Scope scope = incident.scope();
    return scope != null && scope.workloads().size() == 1
        ? blankToNull(scope.workloads().get(0))
        : null;
  }

  /** The first faulty GPU, else the incident's pod. */
  private static String component(Incident incident) {
    for (DeviceEvidence d : incident.evidence().devices()) {
      if (d.gpuUuid() != null && !d.gpuUuid().isBlank()) {
        return d.gpuUuid();
      }
    }
    return incident.correlation().pod();
  }

  private static void addIfSet(List<String> parts, String value) {
    if (value != null && !value.isBlank()) {
      parts.add(value);
    }
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value;
  }
}
