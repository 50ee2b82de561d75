package io.strata.remediator.slack;

/** The result of checking a Slack request's signature. */
public enum SignatureCheck {
  VALID,
  MISSING_HEADERS,
  MALFORMED_TIMESTAMP,
  STALE_TIMESTAMP,
  BAD_SIGNATURE
}
