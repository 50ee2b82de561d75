package io.strata.kafka.publish;

/** What happened to a record offered to a bounded buffer. */
public enum OfferResult {
  UNSPECIFIED,
  QUEUED,
  /** Replaced an older pending record of the same slot, keeping its turn. */
  COALESCED,
  /** Queued after dropping the oldest pending record (policy DROP_OLDEST). */
  QUEUED_DROPPING_OLDEST,
  /** The buffer stayed full for the whole offer timeout; the record was not taken. */
  REFUSED
}
