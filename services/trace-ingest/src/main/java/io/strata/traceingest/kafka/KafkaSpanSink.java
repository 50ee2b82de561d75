package io.strata.traceingest.kafka;

import io.strata.events.EventType;
import io.strata.events.topic.Topic;
import io.strata.events.trace.SpanSummary;
import io.strata.kafka.produce.RecordStamper;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
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
    CompletableFuture<Void> done = new CompletableFuture<>();
    if (summaries.isEmpty()) {
      done.complete(null);
      return done;
    }
    AtomicInteger pending = new AtomicInteger(summaries.size());
    AtomicReference<Exception> firstError = new AtomicReference<>();
    for (int i = 0; i < summaries.size(); i++) {
      SpanSummary summary = summaries.get(i);
      try {
        producer.send(
            record(summary),
            (metadata, error) -> {
              if (error != null) {
                firstError.compareAndSet(null, error);
              }
              finishOne(pending, 1, firstError, done);
            });
      } catch (RuntimeException e) {
        // Not handed over (no metadata within max.block.ms, producer closed, ...): the rest
        // of the batch is not sent either, and the whole request will be retried by the client.
        firstError.compareAndSet(null, e);
        finishOne(pending, summaries.size() - i, firstError, done);
        break;
      }
    }
    return done;
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

  private static void finishOne(
      AtomicInteger pending,
      int count,
      AtomicReference<Exception> firstError,
      CompletableFuture<Void> done) {
    if (pending.addAndGet(-count) == 0) {
      Exception error = firstError.get();
      if (error == null) {
        done.complete(null);
      } else {
        done.completeExceptionally(error);
      }
    }
  }
}
