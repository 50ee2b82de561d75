package io.strata.k8swatcher.mapping;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.ObjectReference;
import io.strata.events.Correlation;
import io.strata.events.k8s.ObjectRef;
import io.strata.events.k8s.WorkloadEvent;
import io.strata.events.k8s.WorkloadEventReason;
import io.strata.events.topic.Keys;
import java.time.Instant;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * A core/v1 Event → {@link WorkloadEvent}. Both ways Kubernetes counts repeats are read: the legacy
 * {@code count}/{@code lastTimestamp} pair that kubelet bumps in place, and the {@code series}
 * block of events.k8s.io writers (the scheduler), so an increment is never mistaken for nothing
 * new.
 */
public final class EventMapper {

  private final String cluster;

  public EventMapper(String cluster) {
    this.cluster = cluster;
  }

  public WorkloadEvent map(Event event, Correlation involvedIdentity, Instant observedAt) {
    ObjectReference involved = involved(event);
    Instant first = firstNonNull(Timestamps.parse(event.getFirstTimestamp()), eventTime(event));
    return new WorkloadEvent(
        event.getMetadata().getUid(),
        cluster,
        new ObjectRef(
            involved.getApiVersion(),
            involved.getKind(),
            blankToNull(involved.getNamespace()),
            involved.getName(),
            involved.getUid()),
        WorkloadEventReason.fromKubernetes(event.getReason()),
        event.getReason(),
        event.getType(),
        event.getMessage(),
        count(event),
        first,
        last(event, first),
        reportingComponent(event),
        involvedIdentity,
        observedAt);
  }

  /**
   * Identity known without the involved pod: cluster, namespace, the pod's name, and the node (the
   * involved node itself, or the kubelet that reported the event).
   */
  public Correlation partialIdentity(Event event) {
    ObjectReference involved = involved(event);
    boolean isNode = "Node".equals(involved.getKind());
    String host = event.getSource() == null ? null : event.getSource().getHost();
    return Correlation.builder()
        .cluster(cluster)
        .namespace(blankToNull(involved.getNamespace()))
        .pod("Pod".equals(involved.getKind()) ? involved.getName() : null)
        .node(isNode ? involved.getName() : host)
        .build();
  }

  /** cluster/namespace/name of the involved object; cluster/name when it is cluster-scoped. */
  public String key(Event event) {
    ObjectReference involved = involved(event);
    String namespace = blankToNull(involved.getNamespace());
    return namespace == null
        ? Keys.node(cluster, involved.getName())
        : Keys.pod(cluster, namespace, involved.getName());
  }

  static ObjectReference involved(Event event) {
    ObjectReference involved = event.getInvolvedObject();
    if (involved == null || involved.getName() == null || involved.getName().isBlank()) {
      throw new MappingException(
          MappingFailure.MISSING_IDENTITY,
          "event " + event.getMetadata().getName() + " has no involved object name",
          null);
    }
    return involved;
  }

  private static int count(Event event) {
    int legacy = event.getCount() == null ? 0 : event.getCount();
    int series =
        event.getSeries() == null || event.getSeries().getCount() == null
            ? 0
            : event.getSeries().getCount();
    return Math.max(1, Math.max(legacy, series));
  }

  /** The latest of lastTimestamp, series.lastObservedTime and eventTime; else the first. */
  private static Instant last(Event event, Instant first) {
    Instant seriesLast =
        event.getSeries() == null || event.getSeries().getLastObservedTime() == null
            ? null
            : Timestamps.parse(event.getSeries().getLastObservedTime().getTime());
    return Stream.of(Timestamps.parse(event.getLastTimestamp()), seriesLast, eventTime(event))
        .filter(Objects::nonNull)
        .max(Instant::compareTo)
        .orElse(first);
  }

  private static Instant eventTime(Event event) {
    return event.getEventTime() == null ? null : Timestamps.parse(event.getEventTime().getTime());
  }

  private static String reportingComponent(Event event) {
    if (event.getReportingComponent() != null && !event.getReportingComponent().isBlank()) {
      return event.getReportingComponent();
    }
    return event.getSource() == null ? null : blankToNull(event.getSource().getComponent());
  }

  private static Instant firstNonNull(Instant a, Instant b) {
    return a != null ? a : b;
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value;
  }
}
