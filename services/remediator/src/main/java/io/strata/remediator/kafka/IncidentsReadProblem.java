package io.strata.remediator.kafka;

/** Why the incidents follower is not reading (readiness names it). */
public enum IncidentsReadProblem {
  UNSPECIFIED,
  /** Reading: every partition of strata.incidents.v1 assigned. */
  NONE,
  /** The follower thread has not connected yet. */
  NOT_STARTED,
  /** The broker does not know the topic (not created yet). */
  TOPIC_MISSING,
  /** The broker did not answer, or the client failed; retried every second. */
  KAFKA_UNAVAILABLE
}
