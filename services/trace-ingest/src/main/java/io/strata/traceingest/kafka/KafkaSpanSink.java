package io.strata.traceingest.kafka;

import io.strata.events.EventType;
import io.strata.events.topic.Topic;
import io.strata.events.trace.SpanSummary;
import io.strata.kafka.produce.RecordStamper;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Publishes summaries to the span topic, keyed by trace_id, with CloudEvents headers. The returned
 * stage completes only after Kafka acknowledged every record (acks=all), so an OTLP success means
 * the spans are durable; it fails when any record failed or could not be handed over.
 */
public final class KafkaSpanSink implements SpanSink {

  static final String SOURCE = "/strata/trace-ingest";

  private final Producer<String, byte[]> producer;
  private final String topic;
  private final Serializer<SpanSummary> values;
  // Every summary brings its own time (received_at), so the clock is never asked.
  private final RecordStamper stamper =
      RecordStamper.withoutTraceContext(SOURCE, Clock.systemUTC());

  public KafkaSpanSink(Producer<String, byte[]> producer, Topic<String, SpanSummary> topic) {
    this(producer, topic.name(), topic);
  }

  /** For a topic renamed per environment through strata.topic.traces-spans. */
  public KafkaSpanSink(
      Producer<String, byte[]> producer, String topicName, Topic<String, SpanSummary> topic) {
    this.producer = producer;
    this.topic = topicName;
    this.values = topic.valueSerde().serializer();
  }

  @Override
  public CompletionStage<Void> publish(List<SpanSummary> summaries) {
    return AcknowledgedBatch.send(producer, summaries, this::record);
  }

  private ProducerRecord<String, byte[]> record(SpanSummary summary) {
    return stamper.record(
        topic,
        EventType.SPAN_SUMMARY,
        summary.traceId(),
        values.serialize(topic, summary),
        summary.receivedAt(),
        Map.of());
  }
}
