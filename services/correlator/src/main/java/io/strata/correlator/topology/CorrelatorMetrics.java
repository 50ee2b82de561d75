package io.strata.correlator.topology;

import io.micrometer.core.instrument.MeterRegistry;
import io.strata.correlator.classify.WindowVerdict;
import io.strata.events.device.FindingReason;
import io.strata.events.incident.Incident;

/** The correlator's own counters: what it decided and what it could not attribute. */
public final class CorrelatorMetrics {

  private final MeterRegistry registry;

  public CorrelatorMetrics(MeterRegistry registry) {
    this.registry = registry;
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
    registry
        .counter("strata_correlator_traces", "attributable", Boolean.toString(attributable))
        .increment();
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
