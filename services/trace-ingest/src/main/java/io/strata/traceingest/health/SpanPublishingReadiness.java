package io.strata.traceingest.health;

import io.strata.kafka.publish.KafkaAvailability;
import io.strata.kafka.publish.PublisherHealth;
import io.strata.kafka.quarkus.AbstractPublisherReadiness;
import io.strata.traceingest.kafka.InFlightLimits;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Not ready while Kafka refuses span summaries: the receivers answer 503 then, so a load balancer
 * should send clients elsewhere. The shared publisher readiness answer (libs/kafka-support) over
 * trace-ingest's availability gate, with what is in flight.
 */
@Readiness
@Singleton
public class SpanPublishingReadiness extends AbstractPublisherReadiness {

  private final KafkaAvailability kafka;
  private final InFlightLimits limits;

  SpanPublishingReadiness(KafkaAvailability kafka, InFlightLimits limits) {
    this.kafka = kafka;
    this.limits = limits;
  }

  @Override
  protected String name() {
    return "span-publishing";
  }

  @Override
  protected PublisherHealth.Status status() {
    KafkaAvailability.Status status = kafka.status();
    return new PublisherHealth.Status(
        status.available(), null, status.lastFailure(), status.lastError());
  }

  @Override
  protected void addData(HealthCheckResponseBuilder response) {
    response
        .withData("spans_in_flight", limits.spansInFlight())
        .withData("requests_in_flight", limits.requestsInFlight());
    KafkaAvailability.Status status = kafka.status();
    if (!status.available()) {
      response.withData("unavailable_since", String.valueOf(status.unavailableSince()));
    }
  }
}
