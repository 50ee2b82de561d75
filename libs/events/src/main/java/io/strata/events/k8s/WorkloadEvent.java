package io.strata.events.k8s;

import io.strata.events.Correlation;
import java.time.Instant;

/**
 * A Kubernetes event relevant to GPU workloads, republished on every count increment. Key:
 * cluster/namespace/name of the involved object.
 *
 * @param eventUid the Event object's uid; with {@code count} it identifies one occurrence
 * @param reasonText the reason exactly as Kubernetes wrote it (kept for OTHER)
 * @param correlation the involved pod's workload identity, when the involved object is a known pod
 */
public record WorkloadEvent(
    String eventUid,
    String cluster,
    ObjectRef involvedObject,
    WorkloadEventReason reason,
    String reasonText,
    String type,
    String message,
    int count,
    Instant firstTimestamp,
    Instant lastTimestamp,
    String reportingComponent,
    Correlation correlation,
    Instant observedAt) {

  public WorkloadEvent {
    reason = reason == null ? WorkloadEventReason.UNSPECIFIED : reason;
    correlation = correlation == null ? Correlation.empty() : correlation;
  }
}
