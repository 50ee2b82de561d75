package io.strata.kafka.publish;

import io.strata.events.EventType;
import io.strata.events.topic.Topic;
import java.time.Instant;
import java.util.Map;

/**
 * One record waiting for Kafka, already serialised. {@code slot} decides coalescing: a newer record
 * for a pending slot replaces the older one in place (the same pod's newer state, the same Event
 * object's higher count); records that must never coalesce get a slot of their own.
 *
 * @param value the JSON value, or null for a tombstone
 * @param time the event's CloudEvents time; null stamps the time it is sent
 * @param traceContext trace headers captured where the event was made (empty for none)
 * @param ceId the CloudEvents id, minted once when the event was made so that every re-send carries
 *     the same {@code ce_id} and consumers can de-duplicate; null mints a fresh id per send
 */
public record OutboundRecord(
    String topic,
    EventType eventType,
    String key,
    String slot,
    byte[] value,
    Instant time,
    Map<String, String> traceContext,
    String ceId) {

  public OutboundRecord {
    traceContext = Map.copyOf(traceContext);
  }

  /** A record whose CloudEvents id is minted when it is sent. */
  public OutboundRecord(
      String topic,
      EventType eventType,
      String key,
      String slot,
      byte[] value,
      Instant time,
      Map<String, String> traceContext) {
    this(topic, eventType, key, slot, value, time, traceContext, null);
  }

  /** The latest state of a key on a compacted topic: newer states of the key coalesce. */
  public static <V> OutboundRecord state(Topic<String, V> topic, String key, V state) {
    return new OutboundRecord(
        topic.name(),
        topic.eventType(),
        key,
        topic.name() + "|" + key,
        topic.valueSerde().serializer().serialize(topic.name(), state),
        null,
        Map.of());
  }

  /** A deletion on a compacted topic: a null value, coalescing with the key's states. */
  public static OutboundRecord tombstone(Topic<String, ?> topic, String key) {
    return new OutboundRecord(
        topic.name(), topic.eventType(), key, topic.name() + "|" + key, null, null, Map.of());
  }

  /** One occurrence of an event; successive versions of one occurrence share a slot. */
  public static <V> OutboundRecord occurrence(
      Topic<String, V> topic, String key, String occurrenceId, V event) {
    return new OutboundRecord(
        topic.name(),
        topic.eventType(),
        key,
        topic.name() + "|" + occurrenceId,
        topic.valueSerde().serializer().serialize(topic.name(), event),
        null,
        Map.of());
  }

  /**
   * One event with an identity of its own: the CloudEvents id {@code ceId} (also its slot, so it
   * never coalesces with another event) and the time it happened.
   */
  public static OutboundRecord identified(
      String topic, EventType type, String key, byte[] value, String ceId, Instant time) {
    if (ceId == null || ceId.isBlank()) {
      throw new IllegalArgumentException("an identified record needs its CloudEvents id");
    }
    return new OutboundRecord(topic, type, key, topic + "|" + ceId, value, time, Map.of(), ceId);
  }

  /** The same record with this trace context. */
  public OutboundRecord withTraceContext(Map<String, String> context) {
    return new OutboundRecord(topic, eventType, key, slot, value, time, context, ceId);
  }

  public boolean tombstone() {
    return value == null;
  }
}
