package io.strata.events.device;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/**
 * DCGM health watch result as exported in DCGM_EXP_GPU_HEALTH_STATUS (PASS=0, WARN=10, FAIL=20).
 */
public enum HealthStatus {
  @JsonEnumDefaultValue
  UNSPECIFIED,
  PASS,
  WARN,
  FAIL;

  /** Maps the exporter's numeric value; anything else is UNSPECIFIED rather than a guess. */
  public static HealthStatus fromDcgmValue(double value) {
    if (value == 0) {
      return PASS;
    }
    if (value == 10) {
      return WARN;
    }
    if (value == 20) {
      return FAIL;
    }
    return UNSPECIFIED;
  }
}
