package io.strata.correlator.streams;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.strata.correlator.core.incident.WindowVerdict;
import io.strata.events.deadletter.DeadLetterReason;
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
    this.tracesAttributable = registry.counter("strata.correlator.traces", "attributable", "true");
    this.tracesUnattributable =
        registry.counter("strata.correlator.traces", "attributable", "false");
    this.lateSpans = registry.counter("strata.correlator.spans.late");
    this.tracesCompletedEarly = registry.counter("strata.correlator.traces.completed.early");
    this.lateRequests = registry.counter("strata.correlator.window.requests.late");
    this.snapshotsToWorkload = registry.counter("strata.correlator.gpu.snapshots.to.workload");
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
            "strata.correlator.incident.updates",
            "class",
            incident.incidentClass().name(),
            "state",
            incident.state().name())
        .increment();
  }

  /** An input parked on the dead-letter topic, by reason (DESERIALIZATION_FAILED, ...). */
  void deadLettered(DeadLetterReason reason) {
    registry.counter("strata.correlator.dead.letters", "reason", reason.name()).increment();
  }

  void ownershipMismatch(FindingReason reason) {
    registry.counter("strata.correlator.ownership.mismatches", "reason", reason.name()).increment();
  }

  /** A commit asked for ahead of the commit interval (ADR 041), by the side that asked. */
  void promptCommit(String side) {
    registry.counter("strata.correlator.prompt.commits", "side", side).increment();
  }

  void xidAsEvidenceOnly() {
    registry.counter("strata.correlator.xids.evidence.only").increment();
  }

  void windowEvaluated(WindowVerdict.Kind kind) {
    registry.counter("strata.correlator.windows", "verdict", kind.name()).increment();
  }

  void traceAssembled(boolean attributable) {
    (attributable ? tracesAttributable : tracesUnattributable).increment();
  }

  void resolvedWithoutTraffic() {
    registry.counter("strata.correlator.incidents.resolved.without.traffic").increment();
  }

  /** A request regression that joined a device incident as evidence instead of opening one. */
  void regressionJoinedDeviceIncident() {
    registry.counter("strata.correlator.regressions.joined.device.incident").increment();
  }

  void staleWindow() {
    registry.counter("strata.correlator.windows.stale").increment();
  }

  /** What an alert did on one side: joined open incidents, opened one, or stayed context. */
  enum AlertOutcome {
    JOINED,
    OPENED,
    CONTEXT
  }

  /** An alert naming neither a node nor a workload: the console shows it, the correlator not. */
  void alertWithoutTarget() {
    registry.counter("strata.correlator.alerts.without.target").increment();
  }

  /** An alert handled by the device-incident or the workload side, by what it did there. */
  void alert(String side, AlertOutcome outcome) {
    registry
        .counter("strata.correlator.alerts", "side", side, "outcome", outcome.name())
        .increment();
  }

  void eventWithoutWorkload() {
    registry.counter("strata.correlator.k8s.events.without.workload").increment();
  }
}
