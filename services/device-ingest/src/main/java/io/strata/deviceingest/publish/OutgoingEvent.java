package io.strata.deviceingest.publish;

import io.strata.events.topic.Topic;
import java.time.Instant;

/** An event ready to publish: the topic it belongs to, its key and when it happened. */
public record OutgoingEvent<V>(Topic<String, V> topic, String key, V value, Instant time) {

  /** Serialises with the topic's own serde, so the wire format is the contract's. */
  public byte[] serializedValue() {
    return topic.valueSerde().serializer().serialize(topic.name(), value);
  }
}
