package io.strata.traceingest.receiver;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.topic.Topics;
import io.strata.events.trace.SpanSummary;
import io.strata.kafka.publish.KafkaAvailability;
import io.strata.testsupport.MutableClock;
import io.strata.traceingest.kafka.InFlightLimits;
import io.strata.traceingest.kafka.KafkaSpanSink;
import io.strata.traceingest.kafka.Refusal;
import io.strata.traceingest.summary.AttributeKeys;
import io.strata.traceingest.summary.SpanSummarizer;
import io.strata.traceingest.summary.StageTable;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/** The transport-independent path, with Kafka's own MockProducer completing sends by hand. */
class ExportPipelineTest {

  private static final long START = 1_764_496_800_000_000_000L;

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-30T12:00:00Z"));
  private final MockProducer<String, byte[]> producer =
      new MockProducer<>(false, null, new StringSerializer(), new ByteArraySerializer());
  private final InFlightLimits limits = new InFlightLimits(4, 3);
  private final KafkaAvailability kafka = new KafkaAvailability(clock, Duration.ofSeconds(5));
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final ExportPipeline pipeline =
      new ExportPipeline(
          new SpanSummarizer(
              StageTable.defaults(),
              new AttributeKeys(
                  List.of("model_version"),
                  List.of("queue"),
                  List.of("gpu.uuid"),
                  List.of("accelerator_type"),
                  List.of("gen_ai.usage.output_tokens")),
              256),
          limits,
          kafka,
          new KafkaSpanSink(producer, Topics.TRACE_SPANS),
          new TraceIngestMetrics(registry, limits),
          clock);

  @Test
  void acceptedOnlyAfterKafkaAcknowledgesEverySummary() {
    CompletionStage<ExportOutcome> outcome =
        pipeline.export(
            request(span("00f067aa0ba902b7"), span("00f067aa0ba902b8")), Transport.GRPC);

    assertThat(outcome.toCompletableFuture()).isNotDone();
    assertThat(limits.spansInFlight()).isEqualTo(2);
    List<ProducerRecord<String, byte[]>> sent = producer.history();
    assertThat(sent)
        .extracting(ProducerRecord::key)
        .containsOnly("4bf92f3577b34da6a3ce929d0e0e4736");
    assertThat(sent).extracting(ProducerRecord::topic).containsOnly(Topics.TRACE_SPANS.name());
    SpanSummary first =
        Topics.TRACE_SPANS.valueSerde().deserializer().deserialize("t", sent.get(0).value());
    assertThat(first.spanId()).isEqualTo("00f067aa0ba902b7");
    assertThat(first.receivedAt()).isEqualTo(clock.instant());
    assertThat(CloudEventHeaders.read(sent.get(0).headers()))
        .hasValueSatisfying(
            ce -> {
              assertThat(ce.type()).isEqualTo("io.strata.span_summary.v1");
              assertThat(ce.source()).isEqualTo("/strata/trace-ingest");
              assertThat(ce.subject()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
              assertThat(ce.time()).isEqualTo(clock.instant());
            });

    producer.completeNext();
    assertThat(outcome.toCompletableFuture()).isNotDone();
    producer.completeNext();
    assertThat(outcome.toCompletableFuture().join())
        .isEqualTo(new ExportOutcome.Accepted(2, 0, ""));
    assertThat(limits.spansInFlight()).isZero();
    assertThat(registry.counter("strata.trace.ingest.spans.published").count()).isEqualTo(2.0);
  }

  @Test
  void aKafkaFailureRefusesTheRequestAndThenRefusesFastUntilTheProbeInterval() {
    CompletionStage<ExportOutcome> outcome =
        pipeline.export(
            request(span("00f067aa0ba902b7"), span("00f067aa0ba902b8")), Transport.HTTP_JSON);
    producer.completeNext();
    producer.errorNext(new TimeoutException("Expiring 1 record(s)"));

    ExportOutcome refused = outcome.toCompletableFuture().join();
    assertThat(refused).isInstanceOf(ExportOutcome.Refused.class);
    assertThat(((ExportOutcome.Refused) refused).reason()).isEqualTo(Refusal.KAFKA_UNAVAILABLE);
    assertThat(((ExportOutcome.Refused) refused).message())
        .isEqualTo("Kafka did not acknowledge the spans: TimeoutException: Expiring 1 record(s)");
    assertThat(limits.spansInFlight()).isZero();

    int sentBefore = producer.history().size();
    ExportOutcome fast =
        pipeline
            .export(request(span("00f067aa0ba902b9")), Transport.HTTP_JSON)
            .toCompletableFuture()
            .join();
    assertThat(((ExportOutcome.Refused) fast).message()).startsWith("Kafka is unavailable since");
    assertThat(producer.history()).hasSize(sentBefore);

    clock.advance(Duration.ofSeconds(5));
    CompletionStage<ExportOutcome> probe =
        pipeline.export(request(span("00f067aa0ba902ba")), Transport.HTTP_JSON);
    producer.completeNext();
    assertThat(probe.toCompletableFuture().join()).isEqualTo(new ExportOutcome.Accepted(1, 0, ""));
    assertThat(kafka.status().available()).isTrue();
  }

  @Test
  void aSendThatThrowsFailsTheRequestWithoutLeakingPermits() {
    producer.sendException = new TimeoutException("Topic not present in metadata after 1000 ms.");
    ExportOutcome outcome =
        pipeline
            .export(
                request(span("00f067aa0ba902b7"), span("00f067aa0ba902b8")),
                Transport.HTTP_PROTOBUF)
            .toCompletableFuture()
            .join();
    assertThat(((ExportOutcome.Refused) outcome).reason()).isEqualTo(Refusal.KAFKA_UNAVAILABLE);
    assertThat(limits.spansInFlight()).isZero();
  }

  @Test
  void spansBeyondTheInFlightLimitAreRefusedAsOverloadedNotBuffered() {
    CompletionStage<ExportOutcome> holding =
        pipeline.export(
            request(span("00f067aa0ba902b7"), span("00f067aa0ba902b8")), Transport.GRPC);
    ExportOutcome overloaded =
        pipeline
            .export(request(span("00f067aa0ba902b9"), span("00f067aa0ba902ba")), Transport.GRPC)
            .toCompletableFuture()
            .join();

    assertThat(((ExportOutcome.Refused) overloaded).reason()).isEqualTo(Refusal.OVERLOADED);
    assertThat(producer.history()).hasSize(2);
    producer.completeNext();
    producer.completeNext();
    assertThat(holding.toCompletableFuture().join()).isInstanceOf(ExportOutcome.Accepted.class);
  }

  @Test
  void onlyInvalidSpansAnswerAtOnceWithoutKafka() {
    Span invalid = span("00f067aa0ba902b7").toBuilder().setSpanId(ByteString.EMPTY).build();
    ExportOutcome outcome =
        pipeline.export(request(invalid), Transport.GRPC).toCompletableFuture().join();
    assertThat(outcome)
        .isEqualTo(
            new ExportOutcome.Accepted(
                0,
                1,
                "1 of 1 spans rejected: 1 INVALID_SPAN_ID (span_id must be 8 bytes, not all zero)"));
    assertThat(producer.history()).isEmpty();
  }

  @Test
  void emptyBatchesCompleteImmediately() {
    CompletableFuture<Void> done =
        new KafkaSpanSink(producer, Topics.TRACE_SPANS).publish(List.of()).toCompletableFuture();
    assertThat(done).isCompleted();
  }

  private static Span span(String spanId) {
    return Span.newBuilder()
        .setTraceId(ByteString.fromHex("4bf92f3577b34da6a3ce929d0e0e4736"))
        .setSpanId(ByteString.fromHex(spanId))
        .setName("gpu.execute")
        .setStartTimeUnixNano(START)
        .setEndTimeUnixNano(START + 5_000_000L)
        .build();
  }

  private static ExportTraceServiceRequest request(Span... spans) {
    return ExportTraceServiceRequest.newBuilder()
        .addResourceSpans(
            ResourceSpans.newBuilder()
                .addScopeSpans(ScopeSpans.newBuilder().addAllSpans(List.of(spans))))
        .build();
  }
}
