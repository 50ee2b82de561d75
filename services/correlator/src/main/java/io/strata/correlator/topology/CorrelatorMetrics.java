package io.strata.correlator.topology;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.strata.correlator.classify.WindowVerdict;
import io.strata.events.device.FindingReason;
import io.strata.events.incident.Incident;

/** The correlator's own counters: what it decided and what it could not attribute. */
public final class CorrelatorMetrics {

  private final MeterRegistry registry;
  // Per-record counters are looked up once: a registry lookup per request shows in profiles.
  private final Counter tracesAttributable;
  private final Counter tracesUnattributable;
  private final Counter lateSpans;
  private final Counter tracesCompletedEarly;
  private final Counter lateRequests;
  private final Counter snapshotsToWorkload;

  public CorrelatorMetrics(MeterRegistry registry) {
    this.registry = registry;
    this.tracesAttributable = registry.counter("strata_correlator_traces", "attributable", "true");
    this.tracesUnattributable =
        registry.counter("strata_correlator_traces", "attributable", "false");
    this.lateSpans = registry.counter("strata_correlator_spans_late");
    this.tracesCompletedEarly = registry.counter("strata_correlator_traces_completed_early");
    this.lateRequests = registry.counter("strata_correlator_window_requests_late");
    this.snapshotsToWorkload = registry.counter("strata_correlator_gpu_snapshots_to_workload");
  }

  /** A span of a trace completed moments ago: counted, not made a request of its own. */
  void lateSpan() {
    lateSpans.increment();
  }

  /** The open-trace bound was reached and the oldest trace completed before its gap. */
  void traceCompletedEarly() {
    tracesCompletedEarly.increment();
  }

  /**
   * A request that arrived after some window it belongs to was evaluated (counted per request, and
   * it still counts toward the windows not yet evaluated).
   */
  void lateRequest() {
    lateRequests.increment();
  }

  /** A GPU's device state handed to its workload (on change, else at most once per advance). */
  void snapshotToWorkload() {
    snapshotsToWorkload.increment();
  }

  void incidentPublished(Incident incident) {
    registry
        .counter(
            "strata_correlator_incident_updates",
            "class",
            incident.incidentClass().name(),
            "state",
            incident.state().name())
        .increment();
  }

  void ownershipMismatch(FindingReason reason) {
    registry.counter("strata_correlator_ownership_mismatches", "reason", reason.name()).increment();
  }

  void xidAsEvidenceOnly() {
    registry.counter("strata_correlator_xids_evidence_only").increment();
  }

  void windowEvaluated(WindowVerdict.Kind kind) {
    registry.counter("strata_correlator_windows", "verdict", kind.name()).increment();
  }

  void traceAssembled(boolean attributable) {
    (attributable ? tracesAttributable : tracesUnattributable).increment();
  }

  void resolvedWithoutTraffic() {
    registry.counter("strata_correlator_incidents_resolved_without_traffic").increment();
  }

  /** A request regression that joined a device incident as evidence instead of opening one. */
  void regressionJoinedDeviceIncident() {
    registry.counter("strata_correlator_regressions_joined_device_incident").increment();
  }

  void staleWindow() {
    registry.counter("strata_correlator_windows_stale").increment();
  }

  void eventWithoutWorkload() {
    registry.counter("strata_correlator_k8s_events_without_workload").increment();
  }
}
