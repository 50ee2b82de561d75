package io.strata.kafka.publish;

/** Which of a publisher's buffers a record goes through. */
public enum Lane {
  UNSPECIFIED,
  /** The bounded buffer under the service's policy; a failed delivery is reported, not retried. */
  NORMAL,
  /**
   * Records that must arrive (a device's XID): never evicted, sent first, and re-sent until Kafka
   * acknowledges them. Bounded too: when full, a new record is refused and the caller is told.
   */
  NEVER_EVICT
}
