package io.strata.deviceingest.health;

import io.strata.deviceingest.kafka.KafkaEventPublisher;
import io.strata.kafka.publish.PublisherHealth;
import io.strata.kafka.quarkus.AbstractPublisherReadiness;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Not ready while Kafka does not acknowledge records (the shared check), the samples lane is
 * dropping, or the events lane lost an event at its safety cap.
 */
@Readiness
@ApplicationScoped
public class KafkaPublisherReadiness extends AbstractPublisherReadiness {

  private final KafkaEventPublisher publisher;

  @Inject
  public KafkaPublisherReadiness(KafkaEventPublisher publisher) {
    this.publisher = publisher;
  }

  @Override
  protected String name() {
    return "device-ingest-kafka-publisher";
  }

  @Override
  protected PublisherHealth.Status status() {
    return publisher.health();
  }

  @Override
  protected boolean up(PublisherHealth.Status status) {
    return !publisher.degraded();
  }

  @Override
  protected void addData(HealthCheckResponseBuilder response) {
    response
        .withData("buffered", publisher.buffered())
        .withData("buffered-events", publisher.bufferedEvents())
        .withData("dropped", publisher.droppedCount())
        .withData("dropped-events", publisher.droppedEvents());
  }
}
