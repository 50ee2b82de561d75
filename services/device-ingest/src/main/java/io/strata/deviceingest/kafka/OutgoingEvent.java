package io.strata.deviceingest.kafka;

import io.strata.events.topic.Topic;
import java.time.Instant;

/**
 * An event ready to publish: the topic it belongs to, its key, its CloudEvents id (minted once,
 * when the event is created, so every re-send carries the same {@code ce_id} and consumers can
 * de-duplicate) and when it happened.
 */
public record OutgoingEvent<V>(
    Topic<String, V> topic, String key, V value, String id, Instant time) {

  public OutgoingEvent {
    if (id == null || id.isBlank()) {
      throw new IllegalArgumentException("an outgoing event needs its CloudEvents id");
    }
  }

  /** Serialises with the topic's own serde, so the wire format is the contract's. */
  public byte[] serializedValue() {
    return topic.valueSerde().serializer().serialize(topic.name(), value);
  }
}
