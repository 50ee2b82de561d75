package io.strata.kafka.read;

/** Why a {@link TopicFollower} is not reading right now (a readiness check can name it). */
public enum FollowProblem {
  UNSPECIFIED,
  /** Reading: every partition of the followed topics assigned. */
  NONE,
  /** The follower has not connected yet. */
  NOT_STARTED,
  /** The broker does not know a followed topic (not created yet); retried. */
  TOPIC_MISSING,
  /** The broker did not answer, or the client failed; retried. */
  KAFKA_UNAVAILABLE,
  /** close() was called. */
  CLOSED,
  /** An Error (not an exception) ended the follower's thread; it is logged and not retried. */
  THREAD_DIED
}
