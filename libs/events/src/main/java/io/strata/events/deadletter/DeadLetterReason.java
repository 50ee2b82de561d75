package io.strata.events.deadletter;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/** Why a record was sent to the dead-letter topic. */
public enum DeadLetterReason {
  @JsonEnumDefaultValue
  UNSPECIFIED,
  /** The value (or key) could not be deserialised as the topic's type. */
  DESERIALIZATION_FAILED,
  /** The record was read but processing it threw; retrying would fail the same way. */
  PROCESSING_FAILED,
  /** The record is not a CloudEvent where one was required. */
  NOT_A_CLOUDEVENT,
  /** The record's ce_type is not the topic's event type. */
  UNEXPECTED_EVENT_TYPE,
  /** The record could not be produced after its retry budget. */
  PRODUCE_FAILED,
  /**
   * The record claims to be written by the service that reads it back (its own journal) but its
   * integrity tag is missing or wrong, or it is a replay out of order: it is never acted on.
   */
  INTEGRITY_CHECK_FAILED,
  /**
   * A notification (a chat card) could not be delivered after its retry budget: the value is the
   * message that was not delivered, the origin names its destination (e.g. {@code
   * teams:<conversation id>}) with partition and offset -1, the key is the incident id.
   */
  NOTIFICATION_UNDELIVERED
}
