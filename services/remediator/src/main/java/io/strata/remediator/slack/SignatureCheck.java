package io.strata.remediator.slack;

/** The result of checking a Slack request's signature. */
public enum SignatureCheck {
  VALID,
  MISSING_HEADERS,
  MALFORMED_TIMESTAMP,
  STALE_TIMESTAMP,
  BAD_SIGNATURE,
  /** Validly signed and fresh, but this exact request was already accepted: a replay. */
  REPLAYED
}
