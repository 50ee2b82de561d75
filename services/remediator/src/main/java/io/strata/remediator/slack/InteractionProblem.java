package io.strata.remediator.slack;

/** Why an interaction payload was not accepted. */
public enum InteractionProblem {
  NO_PAYLOAD,
  MALFORMED_JSON,
  UNSUPPORTED_TYPE,
  NO_USER,
  NO_ACTION,
  UNKNOWN_BUTTON
}
