package io.strata.events.cloudevents;

import io.strata.events.EventType;
import java.time.Instant;
import java.util.Optional;

/** The CloudEvents 1.0 context attributes Strata sets on every record. */
public record CloudEventMetadata(
    String id,
    String source,
    String type,
    Instant time,
    String subject,
    String specVersion,
    String contentType) {

  /** The Strata event type named by {@link #type()}, if it is one. */
  public Optional<EventType> eventType() {
    return EventType.fromCeType(type);
  }
}
