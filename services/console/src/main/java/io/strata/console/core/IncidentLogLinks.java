package io.strata.console.core;

import io.strata.events.incident.Incident;
import io.strata.events.remediation.RemediationAction;
import io.strata.loglinks.LogLink;
import io.strata.loglinks.LogLinks;
import io.strata.loglinks.LogSubject;
import io.strata.loglinks.Placeholder;
import java.util.ArrayList;
import java.util.List;

/**
 * The incident page's links to its logs (libs/log-links, the remediator's templates' mechanics):
 * per exemplar trace, filled with its trace id, pod and node, shown beside its waterfall; per pod
 * (the incident's, the exemplars', the actions' targets). Every link's window is the incident's, so
 * the page, the remediator's messages and the review give the same URL for the same template.
 *
 * @param configured whether any template is configured ({@code strata.console.log-links})
 * @param traces exemplar traces with at least one link, in the incident's order
 * @param pods pods with at least one link
 */
public record IncidentLogLinks(boolean configured, List<Group> traces, List<Group> pods) {

  /** Where the console's templates are configured; startup errors name the full key. */
  public static final String CONFIG_PREFIX = "strata.console.log-links";

  /** At most this many traces and this many pods get links: a page stays readable. */
  static final int MAX_GROUPS = 32;

  private static final IncidentLogLinks NONE = new IncidentLogLinks(false, List.of(), List.of());

  public IncidentLogLinks {
    traces = List.copyOf(traces);
    pods = List.copyOf(pods);
  }

  /**
   * The links of one subject.
   *
   * @param subject the trace id or the pod's name
   */
  public record Group(String subject, List<Link> links) {

    public Group {
      links = List.copyOf(links);
    }
  }

  /**
   * One link.
   *
   * @param template the template's name
   * @param label the link's text, {@code Logs (grafana): pod llm-x2}
   * @param url the filled template
   */
  public record Link(String template, String label, String url) {}

  public static IncidentLogLinks none() {
    return NONE;
  }

  static IncidentLogLinks of(
      LogLinks templates, Incident incident, List<RemediationAction> actions) {
    if (templates.isEmpty()) {
      return NONE;
    }
    List<Group> traces = new ArrayList<>();
    List<Group> pods = new ArrayList<>();
    for (LogLinks.SubjectLinks s : templates.bySubject(incident, actions)) {
      LogSubject.Kind kind = s.subject().kind();
      if (kind == LogSubject.Kind.TRACE && traces.size() < MAX_GROUPS) {
        traces.add(group(s, Placeholder.TRACE_ID));
      } else if (kind == LogSubject.Kind.POD && pods.size() < MAX_GROUPS) {
        pods.add(group(s, Placeholder.POD));
      }
    }
    return new IncidentLogLinks(true, traces, pods);
  }

  private static Group group(LogLinks.SubjectLinks s, Placeholder key) {
    List<Link> links = new ArrayList<>();
    for (LogLink l : s.links()) {
      links.add(new Link(l.template(), l.label(), l.url()));
    }
    return new Group(s.subject().values().get(key), links);
  }
}
