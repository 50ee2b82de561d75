package io.strata.correlator.streams;

import io.strata.events.deadletter.DeadLetterReason;
import io.strata.events.topic.Topic;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;

/**
 * Reads an input topic's records in the topology rather than in the consumer's deserializer, so a
 * record that is not its topic's type becomes a dead letter inside the task's transaction (Kafka
 * Streams 4.1's deserialization handler can only skip a record or fail; what it parks it has to
 * produce on the side, outside the transaction, once per attempt). A tombstone stays a null value.
 *
 * <p>A head-of-line source ({@link HeadOfLine}) was queued with a placeholder timestamp; its
 * records leave this step with their event time, so no later step sees the placeholder.
 */
final class SourceDecoder<V> implements Processor<byte[], byte[], String, Guarded<V>> {

  private final String topic;
  private final Deserializer<V> values;
  private final CorrelatorMetrics metrics;
  private final Function<V, Instant> headOfLineEventTime;
  private ProcessorContext<String, Guarded<V>> context;

  SourceDecoder(Topic<String, V> topic, CorrelatorMetrics metrics) {
    this(topic, metrics, null);
  }

  /**
   * @param headOfLineEventTime for a head-of-line source, the event's own time in its value (null
   *     when the value has none); null for a source extracted with its own timestamps
   */
  SourceDecoder(
      Topic<String, V> topic, CorrelatorMetrics metrics, Function<V, Instant> headOfLineEventTime) {
    this.topic = topic.name();
    this.values = topic.valueSerde().deserializer();
    this.metrics = metrics;
    this.headOfLineEventTime = headOfLineEventTime;
  }

  @Override
  public void init(ProcessorContext<String, Guarded<V>> context) {
    this.context = context;
  }

  @Override
  public void process(Record<byte[], byte[]> record) {
    // String keys: every byte sequence decodes (invalid UTF-8 becomes U+FFFD), as the consumer's
    // StringDeserializer would; the dead letter keeps the original key bytes.
    String key = record.key() == null ? null : new String(record.key(), StandardCharsets.UTF_8);
    V value;
    try {
      value = values.deserialize(topic, record.value());
    } catch (RuntimeException e) {
      RecordMetadata origin = context.recordMetadata().orElseThrow();
      metrics.deadLettered(DeadLetterReason.DESERIALIZATION_FAILED);
      context.forward(
          timed(record, null)
              .withKey(key)
              .withValue(
                  new Guarded.Parked<>(
                      CorrelatorDeadLetters.unreadable(
                          origin.topic(),
                          origin.partition(),
                          origin.offset(),
                          record.key(),
                          record.value(),
                          record.headers(),
                          e,
                          Instant.ofEpochMilli(context.currentSystemTimeMs())))));
      return;
    }
    context.forward(timed(record, value).withKey(key).withValue(new Guarded.Value<>(value)));
  }

  private Record<byte[], byte[]> timed(Record<byte[], byte[]> record, V value) {
    if (headOfLineEventTime == null) {
      return record;
    }
    return record.withTimestamp(
        HeadOfLine.eventTime(
            value, headOfLineEventTime, record.headers(), context.currentSystemTimeMs()));
  }
}
