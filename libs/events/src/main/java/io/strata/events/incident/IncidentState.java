package io.strata.events.incident;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/** Incident lifecycle: OPEN → MITIGATING → RESOLVED. */
public enum IncidentState {
  @JsonEnumDefaultValue
  UNSPECIFIED,
  OPEN,
  MITIGATING,
  RESOLVED
}
