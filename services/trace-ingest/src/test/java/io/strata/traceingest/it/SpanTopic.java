package io.strata.traceingest.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.embeddedkafka.KafkaTestClient;
import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.topic.Topics;
import io.strata.events.trace.SpanSummary;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/** Reads span summaries of one trace back from strata.traces.spans.v1 and checks the envelope. */
final class SpanTopic {

  private SpanTopic() {}

  /**
   * Reads until {@code count} summaries of the trace arrived, asserts key, headers and partition,
   * and returns them with receivedAt cleared after checking it lies in [since, now].
   */
  static List<SpanSummary> read(String bootstrap, String traceId, int count, Instant since) {
    List<ConsumerRecord<String, SpanSummary>> records;
    try (KafkaTestClient client = new KafkaTestClient(bootstrap)) {
      records =
          client
              .readUntil(
                  Topics.TRACE_SPANS,
                  all -> ofTrace(all, traceId).size() >= count,
                  Duration.ofSeconds(20))
              .stream()
              .filter(r -> traceId.equals(r.key()))
              .toList();
    }
    assertThat(records).hasSize(count);
    Instant now = Instant.now();
    assertThat(records)
        .allSatisfy(
            r -> {
              assertThat(r.value().traceId()).isEqualTo(traceId);
              assertThat(r.partition()).isEqualTo(records.get(0).partition());
              assertThat(CloudEventHeaders.last(r.headers(), CloudEventHeaders.CE_TYPE))
                  .isEqualTo("io.strata.span_summary.v1");
              assertThat(CloudEventHeaders.last(r.headers(), CloudEventHeaders.CE_SOURCE))
                  .isEqualTo("/strata/trace-ingest");
              assertThat(CloudEventHeaders.read(r.headers())).isPresent();
              assertThat(r.value().receivedAt()).isBetween(since, now);
            });
    return records.stream().map(r -> withoutReceivedAt(r.value())).toList();
  }

  private static List<ConsumerRecord<String, SpanSummary>> ofTrace(
      List<ConsumerRecord<String, SpanSummary>> records, String traceId) {
    return records.stream().filter(r -> traceId.equals(r.key())).toList();
  }

  static SpanSummary withoutReceivedAt(SpanSummary s) {
    return new SpanSummary(
        s.traceId(),
        s.spanId(),
        s.parentSpanId(),
        s.name(),
        s.stage(),
        s.root(),
        s.kind(),
        s.start(),
        s.durationNanos(),
        s.status(),
        s.statusMessage(),
        s.serviceName(),
        s.correlation(),
        s.gpuUuid(),
        s.outputTokens(),
        null);
  }
}
