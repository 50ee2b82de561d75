package io.strata.correlator.core.incident;

import io.strata.correlator.core.state.GpuTrouble;
import io.strata.correlator.core.state.MismatchState;
import io.strata.correlator.core.state.NodeHealth;
import io.strata.events.Correlation;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.HealthStatus;
import io.strata.events.device.XidEvent;
import io.strata.events.incident.DeviceEvidence;
import io.strata.events.incident.Evidence;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.Scope;
import io.strata.events.incident.Severity;
import io.strata.events.incident.Signal;
import io.strata.events.incident.Trigger;
import io.strata.events.k8s.PodState;
import io.strata.events.trace.Stage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Device-layer incidents stand on their own: a device-side XID needing a node action, or a failed
 * health watch, is a DEVICE_FAULT on that node and GPU; an application XID is an APP_ERROR for the
 * owner, never a node action.
 */
public final class DeviceIncidents {

  private DeviceIncidents() {}

  /**
   * The incident a GPU's trouble is.
   *
   * @param nodeHealth the node's Kubernetes state (cordon, conditions), added to the evidence
   */
  public static IncidentDraft draft(GpuTrouble trouble, NodeHealth nodeHealth) {
    IncidentClass incidentClass = trouble.incidentClass();
    String cluster = trouble.cluster();
    String node = trouble.node();
    String gpuUuid = trouble.gpuUuid();
    XidEvent xid = trouble.xid();
    PodState owner = trouble.owner();
    Instant at = trouble.at();
    Correlation correlation =
        (owner == null ? Correlation.empty() : owner.correlation())
            .withCluster(cluster)
            .withNode(node);
    String workload = owner == null ? null : workloadName(owner);
    List<String> workloads = workload == null ? List.of() : List.of(workload);
    List<String> versions =
        correlation.modelVersion() == null ? List.of() : List.of(correlation.modelVersion());
    Scope scope =
        new Scope(
            cluster,
            List.of(node),
            List.of(gpuUuid),
            workloads,
            versions,
            true,
            workloads.size() == 1,
            versions.size() == 1);
    DeviceSample latest = trouble.latest();
    DeviceEvidence device =
        new DeviceEvidence(
            node,
            gpuUuid,
            latest == null ? Map.of() : latest.fields(),
            trouble.recentXids(),
            latest == null ? HealthStatus.UNSPECIFIED : latest.health());
    List<String> notes = new ArrayList<>();
    Trigger trigger;
    String what;
    if (xid != null) {
      trigger = new Trigger(Signal.XID, xid.xid(), null, "xid", at, at);
      what = "XID " + xid.xid() + (xid.mnemonic() == null ? "" : " " + xid.mnemonic());
      notes.add(
          what
              + ": catalog action "
              + xid.immediateAction()
              + ", origin "
              + xid.origin()
              + (xid.description() == null ? "" : " (" + xid.description() + ")"));
    } else {
      trigger = new Trigger(Signal.HEALTH, 1.0, 0.0, "health_fail", at, at);
      what = "health FAIL";
    }
    notes.addAll(nodeHealth.notes());
    if (incidentClass == IncidentClass.APP_ERROR) {
      notes.add("application XID: the workload's fault, no node action");
    }
    List<String> findings = new ArrayList<>();
    MismatchState mismatch = trouble.mismatch();
    if (mismatch != null && mismatch.reported()) {
      findings.add("ownership mismatch " + mismatch.reason() + " since " + mismatch.since());
    }
    return new IncidentDraft(
        incidentClass,
        incidentClass == IncidentClass.DEVICE_FAULT ? Severity.CRITICAL : Severity.WARNING,
        incidentClass
            + ": "
            + what
            + " on "
            + node
            + "/"
            + gpuUuid
            + (workload == null ? "" : " serving " + workload),
        correlation,
        scope,
        node + "/" + gpuUuid,
        trigger,
        Stage.UNSPECIFIED,
        new Evidence(trouble.exemplars(), List.of(device), List.of(), findings, notes),
        SuggestedActions.forClass(incidentClass));
  }

  private static String workloadName(PodState pod) {
    Correlation c = pod.correlation();
    String name = c.workload() != null ? c.workload() : c.pod();
    return c.namespace() == null || name == null ? null : c.namespace() + "/" + name;
  }
}
