package io.strata.events.incident;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/** How urgent an incident is. */
public enum Severity {
  @JsonEnumDefaultValue
  UNSPECIFIED,
  INFO,
  WARNING,
  CRITICAL
}
