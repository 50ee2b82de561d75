package io.strata.remediator.kafka;

import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.strata.events.EventType;
import io.strata.events.remediation.ReviewRecord;
import io.strata.remediator.core.review.ReviewSink;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.reactive.messaging.Channel;

/** Publishes review records to strata.reviews.v1, keyed by incident id. */
@ApplicationScoped
public class KafkaReviewSink implements ReviewSink {

  private final MutinyEmitter<ReviewRecord> emitter;
  private final MeterRegistry metrics;

  @Inject
  public KafkaReviewSink(
      @Channel("reviews-out") MutinyEmitter<ReviewRecord> emitter, MeterRegistry metrics) {
    this.emitter = emitter;
    this.metrics = metrics;
  }

  @Override
  public void write(ReviewRecord review) {
    emitter.sendMessageAndAwait(
        CloudEventMessages.of(
            review, review.incidentId(), EventType.REVIEW_RECORD, review.writtenAt()));
    metrics.counter("strata.remediator.reviews", "outcome", review.outcome().name()).increment();
  }
}
