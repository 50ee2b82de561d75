package io.strata.remediator.slack;

/** Why an interaction payload was not accepted. */
public enum InteractionProblem {
  /** The body is not a valid application/x-www-form-urlencoded form (a broken %-escape). */
  MALFORMED_FORM,
  NO_PAYLOAD,
  MALFORMED_JSON,
  UNSUPPORTED_TYPE,
  NO_USER,
  NO_ACTION,
  UNKNOWN_BUTTON
}
