package io.strata.correlator.core.state;

import io.strata.events.device.DeviceField;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.HealthStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads a GPU's sample (and the one before it, for counters) for the conditions that explain a slow
 * gpu.execute: heat, power or clock slowdown, PCIe replays, memory errors, health.
 */
public final class DeviceAnomalyDetector {

  /**
   * Clock event reason bits (NVML clocks event reasons) that mean the GPU slowed itself down: SW
   * power cap 0x4, HW slowdown 0x8, SW thermal 0x20, HW thermal 0x40, HW power brake 0x80.
   */
  static final long SLOWDOWN_BITS = 0x4L | 0x8L | 0x20L | 0x40L | 0x80L;

  /** The counters compared with the previous sample: all a GPU entry keeps of that sample. */
  public static final Set<DeviceField> COUNTERS =
      Set.of(
          DeviceField.THERMAL_VIOLATION,
          DeviceField.POWER_VIOLATION,
          DeviceField.PCIE_REPLAY_COUNTER,
          DeviceField.ECC_DBE_VOL_TOTAL);

  private final double temperatureThreshold;

  public DeviceAnomalyDetector(double temperatureThreshold) {
    this.temperatureThreshold = temperatureThreshold;
  }

  /**
   * @param previous the GPU's previous sample, null for the first one (counters then cannot rise)
   */
  public List<DeviceAnomaly> detect(DeviceSample previous, DeviceSample current) {
    List<DeviceAnomaly> found = new ArrayList<>();
    Double temperature = current.field(DeviceField.GPU_TEMP);
    if (temperature != null && temperature >= temperatureThreshold) {
      found.add(DeviceAnomaly.HIGH_TEMPERATURE);
    }
    if (rose(previous, current, DeviceField.THERMAL_VIOLATION)) {
      found.add(DeviceAnomaly.THERMAL_VIOLATION);
    }
    if (rose(previous, current, DeviceField.POWER_VIOLATION)) {
      found.add(DeviceAnomaly.POWER_VIOLATION);
    }
    if (slowdownBits(current, DeviceField.CLOCKS_EVENT_REASONS)
        || slowdownBits(current, DeviceField.CLOCK_THROTTLE_REASONS)) {
      found.add(DeviceAnomaly.CLOCK_SLOWDOWN);
    }
    if (rose(previous, current, DeviceField.PCIE_REPLAY_COUNTER)) {
      found.add(DeviceAnomaly.PCIE_REPLAYS);
    }
    if (rose(previous, current, DeviceField.ECC_DBE_VOL_TOTAL)) {
      found.add(DeviceAnomaly.ECC_DOUBLE_BIT);
    }
    Double remapFailure = current.field(DeviceField.ROW_REMAP_FAILURE);
    if (remapFailure != null && remapFailure > 0) {
      found.add(DeviceAnomaly.ROW_REMAP_FAILURE);
    }
    if (current.health() == HealthStatus.WARN) {
      found.add(DeviceAnomaly.HEALTH_WARN);
    } else if (current.health() == HealthStatus.FAIL) {
      found.add(DeviceAnomaly.HEALTH_FAIL);
    }
    return found;
  }

  private static boolean rose(DeviceSample previous, DeviceSample current, DeviceField field) {
    assert COUNTERS.contains(field) : field + " is compared but not kept of the previous sample";
    if (previous == null) {
      return false;
    }
    Double before = previous.field(field);
    Double now = current.field(field);
    return before != null && now != null && now > before;
  }

  private static boolean slowdownBits(DeviceSample sample, DeviceField field) {
    Double value = sample.field(field);
    return value != null && (value.longValue() & SLOWDOWN_BITS) != 0;
  }
}
