package io.strata.events.device;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.time.Instant;
import java.util.Map;

/**
 * One GPU (or MIG instance) as seen by one scrape of its DCGM exporter. Key: cluster/node/gpu_uuid.
 *
 * @param gpuUuid the GPU's UUID ({@code GPU-...}); for a MIG instance, the parent GPU's UUID with
 *     {@code migInstanceId}
 * @param gpuIndex the exporter's {@code gpu} label (device minor number)
 * @param fields known DCGM fields under {@link DeviceField#key()}
 * @param otherFields every other DCGM_FI_* / DCGM_EXP_* value under its exporter name
 * @param lastXid the sticky last-XID gauge as read (0 when none since driver load), null when not
 *     exported
 * @param target the scrape target URL this sample came from
 */
public record DeviceSample(
    String cluster,
    String node,
    String gpuUuid,
    String gpuIndex,
    String pciBusId,
    String device,
    String modelName,
    String driverVersion,
    String migProfile,
    String migInstanceId,
    DeviceOwner owner,
    HealthStatus health,
    Map<String, Double> fields,
    Map<String, Double> otherFields,
    Integer lastXid,
    String target,
    Instant scrapedAt) {

  public DeviceSample {
    owner = owner == null ? DeviceOwner.none() : owner;
    health = health == null ? HealthStatus.UNSPECIFIED : health;
    fields = fields == null ? Map.of() : Map.copyOf(fields);
    otherFields = otherFields == null ? Map.of() : Map.copyOf(otherFields);
  }

  /** The value of a known field, or null when this sample does not carry it. */
  public Double field(DeviceField field) {
    return fields.get(field.key());
  }

  /** Derived from {@code migInstanceId}; not part of the JSON (the record's fields are). */
  @JsonIgnore
  public boolean isMigInstance() {
    return migInstanceId != null;
  }
}
