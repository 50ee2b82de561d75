package io.strata.events.remediation;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/** Where an approval (or rejection) came from. */
public enum ApprovalChannel {
  @JsonEnumDefaultValue
  UNSPECIFIED,
  SLACK,
  REST,
  POLICY,
  /** A Microsoft Teams Adaptive Card (Universal Actions) through the Bot Framework. */
  TEAMS
}
