package io.strata.loglinks;

import io.strata.events.Correlation;
import io.strata.events.incident.DeviceEvidence;
import io.strata.events.incident.ExemplarTrace;
import io.strata.events.incident.Incident;
import io.strata.events.incident.Scope;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The subjects of an incident's log links, most useful first: the first exemplar trace, each pod
 * (the incident's, the exemplars', the actions' targets), each node (the incident's, scope, device
 * evidence, exemplars, targets), the incident as a whole, then the other exemplar traces.
 */
final class LogSubjects {

  private LogSubjects() {}

  static List<LogSubject> of(Incident incident, List<RemediationAction> actions, Duration margin) {
    Correlation c = incident.correlation();
    Scope scope = incident.scope();
    Map<Placeholder, String> base = new EnumMap<>(Placeholder.class);
    put(
        base,
        Placeholder.CLUSTER,
        c.cluster() != null ? c.cluster() : scope == null ? null : scope.cluster());
    put(base, Placeholder.NAMESPACE, c.namespace() != null ? c.namespace() : oneNamespace(scope));
    put(base, Placeholder.CONTAINER, c.container());
    window(incident, margin, base);

    List<LogSubject> traces = new ArrayList<>();
    Map<String, LogSubject> pods = new LinkedHashMap<>();
    Set<String> nodes = new LinkedHashSet<>();
    if (c.pod() != null) {
      pods.put(c.pod(), pod(base, base.get(Placeholder.NAMESPACE), c.pod(), c.node()));
    }
    for (ExemplarTrace t : incident.evidence().exemplarTraces()) {
      if (t.traceId() != null && !t.traceId().isBlank()) {
        Map<Placeholder, String> v = new EnumMap<>(base);
        put(v, Placeholder.TRACE_ID, t.traceId());
        put(v, Placeholder.POD, t.pod());
        put(v, Placeholder.NODE, t.node());
        traces.add(new LogSubject(LogSubject.Kind.TRACE, "trace " + t.traceId(), v));
      }
      if (t.pod() != null && !t.pod().isBlank()) {
        pods.putIfAbsent(t.pod(), pod(base, base.get(Placeholder.NAMESPACE), t.pod(), t.node()));
      }
    }
    add(nodes, c.node());
    if (scope != null) {
      scope.nodes().forEach(n -> add(nodes, n));
    }
    for (DeviceEvidence d : incident.evidence().devices()) {
      add(nodes, d.node());
    }
    incident.evidence().exemplarTraces().forEach(t -> add(nodes, t.node()));
    for (RemediationAction a : actions) {
      TargetRef t = a.target();
      if (t != null && "Pod".equals(t.kind()) && t.name() != null) {
        String ns = t.namespace() != null ? t.namespace() : base.get(Placeholder.NAMESPACE);
        pods.putIfAbsent(t.name(), pod(base, ns, t.name(), null));
      } else if (t != null && "Node".equals(t.kind())) {
        add(nodes, t.name());
      }
    }

    List<LogSubject> subjects = new ArrayList<>();
    if (!traces.isEmpty()) {
      subjects.add(traces.get(0));
    }
    subjects.addAll(pods.values());
    for (String node : nodes) {
      Map<Placeholder, String> v = new EnumMap<>(base);
      v.put(Placeholder.NODE, node);
      subjects.add(new LogSubject(LogSubject.Kind.NODE, "node " + node, v));
    }
    subjects.add(
        new LogSubject(LogSubject.Kind.INCIDENT, "incident " + incident.incidentId(), base));
    subjects.addAll(traces.subList(Math.min(1, traces.size()), traces.size()));
    return subjects;
  }

  /**
   * From the current episode's start (opened_at in the first) minus the margin to its resolution,
   * or its last update while open, plus the margin; whole seconds, widened outwards.
   */
  private static void window(Incident incident, Duration margin, Map<Placeholder, String> into) {
    Instant start =
        incident.episodeStartedAt() != null ? incident.episodeStartedAt() : incident.updatedAt();
    if (start == null) {
      return;
    }
    Instant end = incident.resolvedAt() != null ? incident.resolvedAt() : incident.updatedAt();
    Instant from = start.minus(margin).truncatedTo(ChronoUnit.SECONDS);
    Instant last = end == null || end.isBefore(start) ? start : end;
    Instant to = last.plus(margin);
    Instant toSecond = to.truncatedTo(ChronoUnit.SECONDS);
    to = toSecond.equals(to) ? to : toSecond.plusSeconds(1);
    into.put(Placeholder.FROM, DateTimeFormatter.ISO_INSTANT.format(from));
    into.put(Placeholder.TO, DateTimeFormatter.ISO_INSTANT.format(to));
    into.put(Placeholder.FROM_MS, Long.toString(from.toEpochMilli()));
    into.put(Placeholder.TO_MS, Long.toString(to.toEpochMilli()));
  }

  private static LogSubject pod(
      Map<Placeholder, String> base, String namespace, String pod, String node) {
    Map<Placeholder, String> v = new EnumMap<>(base);
    put(v, Placeholder.NAMESPACE, namespace);
    v.put(Placeholder.POD, pod);
    put(v, Placeholder.NODE, node);
    return new LogSubject(LogSubject.Kind.POD, "pod " + pod, v);
  }

  /** The namespace all scope workloads ({@code namespace/name}) share, if they share one. */
  private static String oneNamespace(Scope scope) {
    if (scope == null) {
      return null;
    }
    Set<String> namespaces = new LinkedHashSet<>();
    for (String w : scope.workloads()) {
      int slash = w.indexOf('/');
      namespaces.add(slash > 0 ? w.substring(0, slash) : "");
    }
    return namespaces.size() == 1 && !namespaces.contains("") ? namespaces.iterator().next() : null;
  }

  private static void put(Map<Placeholder, String> values, Placeholder p, String v) {
    if (v != null && !v.isBlank()) {
      values.put(p, v);
    }
  }

  private static void add(Set<String> nodes, String node) {
    if (node != null && !node.isBlank()) {
      nodes.add(node);
    }
  }
}
