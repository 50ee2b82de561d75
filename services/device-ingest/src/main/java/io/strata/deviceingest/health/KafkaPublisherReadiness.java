package io.strata.deviceingest.health;

import io.strata.deviceingest.publish.KafkaEventPublisher;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Not ready while Kafka does not acknowledge records or the publish buffer is dropping. */
@Readiness
@ApplicationScoped
public class KafkaPublisherReadiness implements HealthCheck {

  private final KafkaEventPublisher publisher;

  @Inject
  public KafkaPublisherReadiness(KafkaEventPublisher publisher) {
    this.publisher = publisher;
  }

  @Override
  public HealthCheckResponse call() {
    return HealthCheckResponse.named("device-ingest-kafka-publisher")
        .status(!publisher.degraded())
        .withData("buffered", publisher.buffered())
        .withData("dropped", publisher.droppedCount())
        .build();
  }
}
