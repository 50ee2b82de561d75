package io.strata.correlator.core.state;

/** A device condition that can slow execution down without failing it. */
public enum DeviceAnomaly {
  HIGH_TEMPERATURE,
  THERMAL_VIOLATION,
  POWER_VIOLATION,
  CLOCK_SLOWDOWN,
  PCIE_REPLAYS,
  ECC_DOUBLE_BIT,
  ROW_REMAP_FAILURE,
  HEALTH_WARN,
  HEALTH_FAIL
}
