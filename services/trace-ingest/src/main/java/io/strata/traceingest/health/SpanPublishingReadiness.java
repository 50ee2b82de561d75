package io.strata.traceingest.health;

import io.strata.kafka.publish.KafkaAvailability;
import io.strata.traceingest.publish.InFlightLimits;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Not ready while Kafka refuses span summaries: the receivers answer 503 then, so a load balancer
 * should send clients elsewhere.
 */
@Readiness
@Singleton
public class SpanPublishingReadiness implements HealthCheck {

  private final KafkaAvailability kafka;
  private final InFlightLimits limits;

  SpanPublishingReadiness(KafkaAvailability kafka, InFlightLimits limits) {
    this.kafka = kafka;
    this.limits = limits;
  }

  @Override
  public HealthCheckResponse call() {
    KafkaAvailability.Status status = kafka.status();
    HealthCheckResponseBuilder response =
        HealthCheckResponse.named("span-publishing")
            .status(status.available())
            .withData("spans_in_flight", limits.spansInFlight())
            .withData("requests_in_flight", limits.requestsInFlight());
    if (!status.available()) {
      response
          .withData("unavailable_since", String.valueOf(status.unavailableSince()))
          .withData("last_error", String.valueOf(status.lastError()));
    }
    return response.build();
  }
}
