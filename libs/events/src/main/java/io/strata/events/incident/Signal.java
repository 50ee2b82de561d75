package io.strata.events.incident;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/** The signal that triggered an incident. */
public enum Signal {
  @JsonEnumDefaultValue
  UNSPECIFIED,
  REQUEST_P95,
  ERROR_RATE,
  QUEUE_WAIT,
  XID,
  HEALTH,
  TEMPERATURE,
  POWER,
  EFFECTIVE_THROUGHPUT,
  ALLOCATION_EVENTS,
  DATA_QUALITY,
  /** An Alertmanager alert a configured rule maps to an incident class. */
  ALERT
}
