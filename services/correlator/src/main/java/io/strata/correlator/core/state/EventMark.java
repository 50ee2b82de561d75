package io.strata.correlator.core.state;

import io.strata.events.k8s.WorkloadEvent;
import io.strata.events.k8s.WorkloadEventReason;
import java.time.Instant;

/**
 * A Kubernetes event kept as evidence for a workload.
 *
 * @param eventUid the Event object's uid: a republication (a resync, a count increment) of the same
 *     event replaces its mark instead of adding a line; null for marks stored before it existed
 */
public record EventMark(
    String eventUid,
    WorkloadEventReason reason,
    String reasonText,
    String message,
    int count,
    String object,
    Instant at) {

  public static EventMark of(WorkloadEvent event, Instant at) {
    String object = event.involvedObject() == null ? null : event.involvedObject().name();
    return new EventMark(
        event.eventUid(),
        event.reason(),
        event.reasonText(),
        event.message(),
        event.count(),
        object,
        at);
  }

  /** One line of evidence, for example {@code FailedScheduling x3 pod-a: 0/4 nodes ...}. */
  public String line() {
    String name = reasonText != null && !reasonText.isBlank() ? reasonText : reason.name();
    return name
        + " x"
        + Math.max(1, count)
        + (object == null ? "" : " " + object)
        + (message == null ? "" : ": " + message);
  }
}
