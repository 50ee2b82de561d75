package io.strata.k8swatcher.publish;

import io.strata.events.EventType;
import io.strata.events.topic.Topic;

/**
 * One record waiting for Kafka, already serialised. {@code slot} decides coalescing: a newer record
 * for the same slot replaces a pending older one (the same pod's newer state, the same Event
 * object's higher count).
 *
 * @param value the JSON value, or null for a tombstone
 */
public record Outbound(String topic, EventType eventType, String key, String slot, byte[] value) {

  /** The latest state of a key on a compacted topic. */
  public static <V> Outbound state(Topic<String, V> topic, String key, V state) {
    return new Outbound(
        topic.name(),
        topic.eventType(),
        key,
        topic.name() + "|" + key,
        topic.valueSerde().serializer().serialize(topic.name(), state));
  }

  /** A deletion on a compacted topic: a null value. */
  public static Outbound tombstone(Topic<String, ?> topic, String key) {
    return new Outbound(topic.name(), topic.eventType(), key, topic.name() + "|" + key, null);
  }

  /** One occurrence of an event; successive counts of one Event object share a slot. */
  public static <V> Outbound occurrence(
      Topic<String, V> topic, String key, String occurrenceId, V event) {
    return new Outbound(
        topic.name(),
        topic.eventType(),
        key,
        topic.name() + "|" + occurrenceId,
        topic.valueSerde().serializer().serialize(topic.name(), event));
  }

  public boolean tombstone() {
    return value == null;
  }
}
