package io.strata.k8swatcher.health;

import io.strata.k8swatcher.publish.KafkaPublisher;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/** Down while Kafka is not acknowledging: the latest delivery failed and none succeeded since. */
@Readiness
@ApplicationScoped
public class PublisherReadiness implements HealthCheck {

  @Inject KafkaPublisher publisher;

  @Override
  public HealthCheckResponse call() {
    HealthCheckResponseBuilder response =
        HealthCheckResponse.named("kafka-publisher")
            .status(publisher.healthy())
            .withData("pending", publisher.pending());
    if (publisher.lastFailure() != null) {
      response.withData("last_failure", publisher.lastFailure().toString());
    }
    return response.build();
  }
}
