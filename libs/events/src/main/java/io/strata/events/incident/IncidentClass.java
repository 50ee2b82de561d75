package io.strata.events.incident;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/** The incident classes of the on-call path (docs/services/correlator.md explains each rule). */
public enum IncidentClass {
  @JsonEnumDefaultValue
  UNSPECIFIED,
  DEVICE_FAULT,
  DEVICE_DEGRADED,
  APP_ERROR,
  QUEUE_BACKLOG,
  ALLOCATION_FAILURE,
  MODEL_LOAD,
  DATA_PATH,
  OWNERSHIP_MISMATCH,
  FIELD_MISSING
}
