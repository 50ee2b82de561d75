package io.strata.correlator.topology;

import io.strata.correlator.classify.WindowVerdict;
import io.strata.correlator.incident.IncidentDraft;
import io.strata.correlator.recovery.RequestEvidence;
import io.strata.correlator.state.NodeHealth;

/**
 * Everything the device-incident side consumes, keyed by cluster/node: device trouble and clean
 * samples and node state from the node side, window verdicts and quiet notices of the affected
 * workloads from the workload side.
 *
 * @param trackerKey cluster/node/gpu|CLASS for TROUBLE, CLEAN, VERDICT, QUIET; null for NODE
 * @param workloadKey TROUBLE: the workload holding the GPU (null when none); VERDICT, QUIET,
 *     REQUEST_EVIDENCE: the workload judged
 * @param requestEvidence REQUEST_EVIDENCE only: the workload's regression, joined to the incident
 */
public record DeviceIncidentInput(
    Kind kind,
    String trackerKey,
    IncidentDraft draft,
    String workloadKey,
    NodeHealth node,
    WindowVerdict.Kind verdict,
    RequestEvidence requestEvidence) {

  /** What a device-incident input carries. */
  public enum Kind {
    TROUBLE,
    CLEAN,
    NODE,
    VERDICT,
    QUIET,
    REQUEST_EVIDENCE
  }

  public static DeviceIncidentInput trouble(
      String trackerKey, IncidentDraft draft, String workloadKey, NodeHealth node) {
    return new DeviceIncidentInput(Kind.TROUBLE, trackerKey, draft, workloadKey, node, null, null);
  }

  public static DeviceIncidentInput clean(String trackerKey) {
    return new DeviceIncidentInput(Kind.CLEAN, trackerKey, null, null, null, null, null);
  }

  public static DeviceIncidentInput node(NodeHealth node) {
    return new DeviceIncidentInput(Kind.NODE, null, null, null, node, null, null);
  }

  public static DeviceIncidentInput verdict(
      String trackerKey, String workloadKey, WindowVerdict.Kind verdict) {
    return new DeviceIncidentInput(
        Kind.VERDICT, trackerKey, null, workloadKey, null, verdict, null);
  }

  public static DeviceIncidentInput quiet(String trackerKey, String workloadKey) {
    return new DeviceIncidentInput(Kind.QUIET, trackerKey, null, workloadKey, null, null, null);
  }

  public static DeviceIncidentInput requestEvidence(String trackerKey, RequestEvidence evidence) {
    return new DeviceIncidentInput(
        Kind.REQUEST_EVIDENCE, trackerKey, null, evidence.workloadKey(), null, null, evidence);
  }
}
