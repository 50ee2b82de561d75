package io.strata.deviceingest.assemble;

import io.strata.events.device.DeviceOwner;
import io.strata.events.device.HealthStatus;
import java.util.Map;

/**
 * Everything one scrape said about one GPU (or MIG instance), before it is stamped with cluster,
 * node and time.
 *
 * @param hostname the exporter's Hostname/hostname label, null when absent
 * @param lastXid the sticky last-XID gauge, null when not exported
 * @param xidCounts DCGM_EXP_XID_ERRORS_COUNT per xid in the exporter's window; empty when the
 *     window holds none
 * @param xidCountsExported whether DCGM_EXP_XID_ERRORS_COUNT was present for this GPU at all
 */
public record GpuReading(
    String gpuUuid,
    String gpuIndex,
    String pciBusId,
    String device,
    String modelName,
    String driverVersion,
    String migProfile,
    String migInstanceId,
    String hostname,
    DeviceOwner owner,
    HealthStatus health,
    Map<String, Double> fields,
    Map<String, Double> otherFields,
    Integer lastXid,
    Map<Integer, Long> xidCounts,
    boolean xidCountsExported) {

  public GpuReading {
    fields = Map.copyOf(fields);
    otherFields = Map.copyOf(otherFields);
    xidCounts = Map.copyOf(xidCounts);
  }

  /** Identifies the GPU or MIG instance within its target. */
  public String identity() {
    return migInstanceId == null ? gpuUuid : gpuUuid + "#" + migInstanceId;
  }
}
