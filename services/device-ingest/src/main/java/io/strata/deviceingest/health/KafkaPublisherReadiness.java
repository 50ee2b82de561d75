package io.strata.deviceingest.health;

import io.strata.deviceingest.publish.KafkaEventPublisher;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Not ready while Kafka does not acknowledge records, the samples lane is dropping, or the events
 * lane hit its safety cap.
 */
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
        .withData("buffered-events", publisher.bufferedEvents())
        .withData("dropped", publisher.droppedCount())
        .withData("dropped-events", publisher.droppedEvents())
        .build();
  }
}
