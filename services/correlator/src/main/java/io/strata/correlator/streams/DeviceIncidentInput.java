package io.strata.correlator.streams;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.strata.correlator.core.incident.AlertNotice;
import io.strata.correlator.core.incident.RequestEvidence;
import io.strata.correlator.core.incident.WindowVerdict;
import io.strata.correlator.core.state.GpuTrouble;
import io.strata.correlator.core.state.NodeHealth;

/**
 * Everything the device-incident side consumes, keyed by cluster/node: device trouble and clean
 * samples and node state from the node side, window verdicts and quiet notices of the affected
 * workloads from the workload side, Alertmanager alerts naming the node (from strata.alerts.v1) or
 * a workload an incident affects (from the workload side). Every case but {@link Node} and {@link
 * NodeAlert} names its tracker (cluster/node/gpu|CLASS).
 *
 * <p>It travels over the device-incident-inputs repartition topic as JSON, {@code kind} naming the
 * case ({@code InputWireFormatTest}).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "kind")
@JsonSubTypes({
  @JsonSubTypes.Type(value = DeviceIncidentInput.Trouble.class, name = "TROUBLE"),
  @JsonSubTypes.Type(value = DeviceIncidentInput.Clean.class, name = "CLEAN"),
  @JsonSubTypes.Type(value = DeviceIncidentInput.Node.class, name = "NODE"),
  @JsonSubTypes.Type(value = DeviceIncidentInput.Verdict.class, name = "VERDICT"),
  @JsonSubTypes.Type(value = DeviceIncidentInput.Quiet.class, name = "QUIET"),
  @JsonSubTypes.Type(value = DeviceIncidentInput.Evidence.class, name = "REQUEST_EVIDENCE"),
  @JsonSubTypes.Type(value = DeviceIncidentInput.NodeAlert.class, name = "NODE_ALERT"),
  @JsonSubTypes.Type(value = DeviceIncidentInput.WorkloadAlert.class, name = "WORKLOAD_ALERT")
})
sealed interface DeviceIncidentInput {

  /** The incidents of one GPU scope and class: every case except {@link Node}. */
  sealed interface ForTracker extends DeviceIncidentInput {
    String trackerKey();
  }

  /**
   * Device trouble of one GPU: the facts its incident is drafted from.
   *
   * @param workloadKey the workload holding the GPU, null when none
   */
  record Trouble(String trackerKey, GpuTrouble gpu, String workloadKey, NodeHealth node)
      implements ForTracker {}

  /** A clean sample of a GPU after trouble. */
  record Clean(String trackerKey) implements ForTracker {}

  /** The node's health changed: it concerns every tracker of the node. */
  record Node(NodeHealth node) implements DeviceIncidentInput {}

  /** The window verdict of a workload the incident affects. */
  record Verdict(String trackerKey, String workloadKey, WindowVerdict.Kind verdict)
      implements ForTracker {}

  /** A workload the incident affects had no window for the quiet period. */
  record Quiet(String trackerKey, String workloadKey) implements ForTracker {}

  /** A workload's regression, joined to the incident as evidence. */
  record Evidence(String trackerKey, RequestEvidence requestEvidence) implements ForTracker {}

  /**
   * An alert naming the node: it joins the node's open incidents, or opens one by its rule. It
   * concerns every tracker of the node.
   */
  record NodeAlert(AlertNotice alert) implements DeviceIncidentInput {}

  /** An alert naming a workload the incident affects: joined to it as evidence, never opening. */
  record WorkloadAlert(String trackerKey, AlertNotice alert) implements ForTracker {}

  static DeviceIncidentInput trouble(
      String trackerKey, GpuTrouble gpu, String workloadKey, NodeHealth node) {
    return new Trouble(trackerKey, gpu, workloadKey, node);
  }

  static DeviceIncidentInput clean(String trackerKey) {
    return new Clean(trackerKey);
  }

  static DeviceIncidentInput node(NodeHealth node) {
    return new Node(node);
  }

  static DeviceIncidentInput verdict(
      String trackerKey, String workloadKey, WindowVerdict.Kind verdict) {
    return new Verdict(trackerKey, workloadKey, verdict);
  }

  static DeviceIncidentInput quiet(String trackerKey, String workloadKey) {
    return new Quiet(trackerKey, workloadKey);
  }

  static DeviceIncidentInput requestEvidence(String trackerKey, RequestEvidence evidence) {
    return new Evidence(trackerKey, evidence);
  }

  static DeviceIncidentInput nodeAlert(AlertNotice alert) {
    return new NodeAlert(alert);
  }

  static DeviceIncidentInput workloadAlert(String trackerKey, AlertNotice alert) {
    return new WorkloadAlert(trackerKey, alert);
  }
}
