package io.strata.events.serde;

import org.apache.kafka.common.errors.SerializationException;

/**
 * A record that could not be read or written as its event type. It names the type, the topic and
 * why, so a dead-letter record or a log line is enough to find the producer at fault.
 */
public final class EventSerdeException extends SerializationException {

  private static final long serialVersionUID = 1L;

  private final SerdeFailure failure;

  public EventSerdeException(SerdeFailure failure, String message, Throwable cause) {
    super(failure + ": " + message, cause);
    this.failure = failure;
  }

  public SerdeFailure failure() {
    return failure;
  }

  /** Why a record failed: the reason is an enum so handlers branch on it, never on message text. */
  public enum SerdeFailure {
    UNSPECIFIED,
    /** The bytes are not JSON at all, or are truncated. */
    MALFORMED_JSON,
    /** Valid JSON whose shape does not bind to the event type (wrong types, not an object). */
    SCHEMA_MISMATCH,
    /** An empty payload where an event was expected (tombstones are null, never empty). */
    EMPTY_PAYLOAD,
    /** The event could not be written. */
    WRITE_FAILED
  }
}
