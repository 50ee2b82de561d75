package io.strata.events.incident;

import io.strata.events.device.HealthStatus;
import java.util.List;
import java.util.Map;

/** The device fields and XIDs of one GPU, as evidence. {@code fields} uses DeviceField keys. */
public record DeviceEvidence(
    String node,
    String gpuUuid,
    Map<String, Double> fields,
    List<Integer> xids,
    HealthStatus health) {

  public DeviceEvidence {
    fields = fields == null ? Map.of() : Map.copyOf(fields);
    xids = xids == null ? List.of() : List.copyOf(xids);
    health = health == null ? HealthStatus.UNSPECIFIED : health;
  }
}
