package io.strata.traceingest.receiver;

import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.strata.kafka.publish.KafkaAvailability;
import io.strata.traceingest.kafka.InFlightLimits;
import io.strata.traceingest.kafka.Refusal;
import io.strata.traceingest.kafka.SpanSink;
import io.strata.traceingest.summary.SpanSummarizer;
import io.strata.traceingest.summary.SummaryBatch;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * One export request, whatever the transport: summarise, admit against the in-flight limits and
 * Kafka's availability, publish, and say what happened. The stage never fails: every way out is an
 * {@link ExportOutcome}.
 */
public final class ExportPipeline {

  private final SpanSummarizer summarizer;
  private final InFlightLimits limits;
  private final KafkaAvailability kafka;
  private final SpanSink sink;
  private final TraceIngestMetrics metrics;
  private final Clock clock;

  public ExportPipeline(
      SpanSummarizer summarizer,
      InFlightLimits limits,
      KafkaAvailability kafka,
      SpanSink sink,
      TraceIngestMetrics metrics,
      Clock clock) {
    this.summarizer = summarizer;
    this.limits = limits;
    this.kafka = kafka;
    this.sink = sink;
    this.metrics = metrics;
    this.clock = clock;
  }

  /** Claims a request slot; false means refuse with {@link Refusal#OVERLOADED} right away. */
  public boolean tryBeginRequest() {
    return limits.tryAcquireRequest();
  }

  /** Gives back the slot of {@link #tryBeginRequest()} once the answer is sent. */
  public void endRequest() {
    limits.releaseRequest();
  }

  public CompletionStage<ExportOutcome> export(
      ExportTraceServiceRequest request, Transport transport) {
    SummaryBatch batch = summarizer.summarize(request, clock.instant());
    // Kafka records: one per valid span plus the derived stage summaries; the client's view
    // (received, partial_success) counts only its own spans.
    int accepted = batch.summaries().size();
    metrics.received(transport, batch.acceptedSpans() + batch.rejectedCount());
    batch.rejections().forEach(metrics::rejected);
    ExportOutcome.Accepted success =
        new ExportOutcome.Accepted(
            batch.acceptedSpans(), batch.rejectedCount(), batch.rejectionMessage());
    if (accepted == 0) {
      return CompletableFuture.completedFuture(success);
    }
    KafkaAvailability.Pass pass = kafka.tryPass();
    if (pass == KafkaAvailability.Pass.REFUSED) {
      return refused(
          Refusal.KAFKA_UNAVAILABLE,
          "Kafka is unavailable since "
              + kafka.status().unavailableSince()
              + " ("
              + kafka.status().lastError()
              + ")");
    }
    if (!limits.tryAcquireSpans(accepted)) {
      kafka.abandoned(pass);
      return refused(
          Refusal.OVERLOADED,
          "too many spans in flight to Kafka (" + limits.spansInFlight() + "); retry later");
    }
    return sink.publish(batch.summaries())
        .handle(
            (ignored, error) -> {
              limits.releaseSpans(accepted);
              if (error == null) {
                kafka.succeeded(pass);
                metrics.published(accepted);
                return (ExportOutcome) success;
              }
              kafka.failed(pass, describe(error));
              metrics.publishFailed();
              return new ExportOutcome.Refused(
                  Refusal.KAFKA_UNAVAILABLE,
                  "Kafka did not acknowledge the spans: " + describe(error));
            });
  }

  private static CompletionStage<ExportOutcome> refused(Refusal reason, String message) {
    return CompletableFuture.completedFuture(new ExportOutcome.Refused(reason, message));
  }

  private static String describe(Throwable error) {
    Throwable cause =
        error instanceof java.util.concurrent.CompletionException && error.getCause() != null
            ? error.getCause()
            : error;
    return cause.getClass().getSimpleName() + ": " + cause.getMessage();
  }
}
