package io.strata.events.remediation;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/** How an incident ended. */
public enum ReviewOutcome {
  @JsonEnumDefaultValue
  UNSPECIFIED,
  RECOVERED,
  RECOVERED_WITHOUT_ACTION,
  ESCALATED,
  REVERTED
}
