package io.strata.correlator.core.state;

import io.strata.events.device.DeviceField;
import io.strata.events.device.HealthStatus;
import io.strata.events.incident.DeviceEvidence;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One GPU as its owning workload sees it: the latest device fields, health, recent XIDs and the
 * anomalies the node side found, with the pod that holds it.
 */
public record GpuSnapshot(
    String cluster,
    String node,
    String gpuUuid,
    String podKey,
    Map<String, Double> fields,
    HealthStatus health,
    List<XidMark> recentXids,
    List<DeviceAnomaly> anomalies,
    Instant at) {

  public GpuSnapshot {
    fields = fields == null ? Map.of() : Map.copyOf(fields);
    health = health == null ? HealthStatus.UNSPECIFIED : health;
    recentXids = recentXids == null ? List.of() : List.copyOf(recentXids);
    anomalies = anomalies == null ? List.of() : List.copyOf(anomalies);
  }

  /** A device-side fault: a node-action XID or a failed health watch. */
  public boolean faulted() {
    return health == HealthStatus.FAIL || recentXids.stream().anyMatch(XidMark::deviceFault);
  }

  public Double utilisation() {
    return fields.get(DeviceField.GPU_UTIL.key());
  }

  public DeviceEvidence toEvidence() {
    return new DeviceEvidence(
        node, gpuUuid, fields, recentXids.stream().map(XidMark::xid).toList(), health);
  }
}
