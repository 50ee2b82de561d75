package io.strata.loglinks;

import io.strata.events.incident.Incident;
import io.strata.events.remediation.RemediationAction;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The configured log link templates and the incident window's margin: the links to an incident's
 * logs, in Grafana, Kibana, Cloud Logging or whatever the templates name. Strata only links; it
 * never reads a log.
 */
public final class LogLinks {

  private static final LogLinks NONE = new LogLinks(List.of(), Duration.ZERO);

  private final List<LogLinkTemplate> templates;
  private final Duration margin;

  private LogLinks(List<LogLinkTemplate> templates, Duration margin) {
    this.templates = List.copyOf(templates);
    this.margin = margin;
  }

  public static LogLinks none() {
    return NONE;
  }

  /**
   * Templates by name (ordered by name, so links come out the same on every start) and the margin
   * around the incident's window; a template that cannot be used throws, naming its key.
   *
   * @param configPrefix where the service configures them, for example {@code
   *     strata.remediator.log-links} ({@code <configPrefix>.templates.<name>}, {@code
   *     <configPrefix>.window-margin})
   */
  public static LogLinks of(String configPrefix, Map<String, String> templates, Duration margin) {
    if (margin.isNegative()) {
      throw new IllegalArgumentException(configPrefix + ".window-margin is negative");
    }
    List<LogLinkTemplate> parsed = new ArrayList<>();
    new TreeMap<>(templates)
        .forEach((name, t) -> parsed.add(LogLinkTemplate.parse(configPrefix, name, t)));
    return new LogLinks(parsed, margin);
  }

  public boolean isEmpty() {
    return templates.isEmpty();
  }

  /**
   * At most {@code maxLinks} distinct links whose URLs add up to at most {@code maxChars}, most
   * useful subject first (LogSubjects), each subject's templates by name. A template is drawn only
   * for subjects of its kind and only when every placeholder it names has a value.
   */
  public List<LogLink> render(
      Incident incident, List<RemediationAction> actions, int maxLinks, int maxChars) {
    List<LogLink> links = new ArrayList<>();
    if (templates.isEmpty() || maxLinks <= 0) {
      return links;
    }
    Set<String> seen = new HashSet<>();
    int chars = 0;
    for (LogSubject subject : LogSubjects.of(incident, actions, margin)) {
      for (LogLinkTemplate template : templates) {
        if (LogSubject.Kind.of(template.uses()) != subject.kind()) {
          continue;
        }
        Optional<String> url = template.render(subject.values());
        if (url.isEmpty() || chars + url.get().length() > maxChars || !seen.add(url.get())) {
          continue;
        }
        links.add(new LogLink(template.name(), subject.label(), url.get()));
        chars += url.get().length();
        if (links.size() == maxLinks) {
          return links;
        }
      }
    }
    return links;
  }

  /**
   * Every subject of the incident (LogSubjects' order) that at least one template is drawn for,
   * with its links: for a page that shows each link beside what it is about (an exemplar trace's
   * waterfall, a pod) rather than one bounded list.
   */
  public List<SubjectLinks> bySubject(Incident incident, List<RemediationAction> actions) {
    List<SubjectLinks> all = new ArrayList<>();
    if (templates.isEmpty()) {
      return all;
    }
    for (LogSubject subject : LogSubjects.of(incident, actions, margin)) {
      List<LogLink> links = new ArrayList<>();
      for (LogLinkTemplate template : templates) {
        if (LogSubject.Kind.of(template.uses()) == subject.kind()) {
          template
              .render(subject.values())
              .ifPresent(url -> links.add(new LogLink(template.name(), subject.label(), url)));
        }
      }
      if (!links.isEmpty()) {
        all.add(new SubjectLinks(subject, links));
      }
    }
    return all;
  }

  /** One subject and the links drawn for it, its templates by name. */
  public record SubjectLinks(LogSubject subject, List<LogLink> links) {

    public SubjectLinks {
      links = List.copyOf(links);
    }
  }
}
