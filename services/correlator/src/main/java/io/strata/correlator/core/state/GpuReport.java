package io.strata.correlator.core.state;

import io.strata.events.device.DeviceSample;
import io.strata.events.device.HealthStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What the node side tells the workload holding a GPU about it, and whether it is time to: the
 * workload needs every change of what it decides on (holder, health, XIDs, anomalies) at once, the
 * device fields (evidence only) no fresher than its windows, so at most once per window advance
 * otherwise. Every sample of every GPU used to rewrite its workload's state.
 *
 * @param anomalies what the detector finds between the GPU's last two samples
 */
public record GpuReport(
    String workload, String podKey, HealthStatus health, List<DeviceAnomaly> anomalies) {

  public GpuReport {
    anomalies = List.copyOf(anomalies);
  }

  /** The report of {@code gpu} (its samples so far) to {@code workload}, through {@code podKey}. */
  public static GpuReport of(
      String workload, String podKey, GpuView gpu, DeviceAnomalyDetector detector) {
    DeviceSample latest = gpu.latest();
    return new GpuReport(
        workload,
        podKey,
        latest == null ? HealthStatus.UNSPECIFIED : latest.health(),
        latest == null ? List.of() : detector.detect(gpu.previous(), latest));
  }

  /** What this report says that matters for a decision; the GPU's recent XIDs are part of it. */
  public String signature(GpuView gpu) {
    StringBuilder out =
        new StringBuilder(workload).append('|').append(podKey).append('|').append(health);
    for (XidMark xid : gpu.xids()) {
      out.append('|').append(xid.xid()).append('@').append(xid.at());
    }
    for (DeviceAnomaly anomaly : anomalies) {
      out.append('|').append(anomaly);
    }
    return out.toString();
  }

  /** Whether to send it at {@code at}: something decisive changed, or the last is old enough. */
  public boolean due(GpuView gpu, Instant at, Duration advance) {
    boolean changed = !signature(gpu).equals(gpu.reportedSignature());
    boolean stale = gpu.reportedAt() == null || !at.isBefore(gpu.reportedAt().plus(advance));
    return changed || stale;
  }

  /** The GPU as the workload will see it. */
  public GpuSnapshot snapshot(String cluster, String node, String uuid, GpuView gpu, Instant at) {
    DeviceSample latest = gpu.latest();
    return new GpuSnapshot(
        cluster,
        node,
        uuid,
        podKey,
        latest == null ? Map.of() : latest.fields(),
        health,
        gpu.xids(),
        anomalies,
        at);
  }
}
