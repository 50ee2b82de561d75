package io.strata.k8swatcher.health;

import io.strata.k8swatcher.kafka.KafkaPublisher;
import io.strata.kafka.publish.PublisherHealth;
import io.strata.kafka.quarkus.AbstractPublisherReadiness;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/** Down while Kafka is not acknowledging: the latest delivery failed and none succeeded since. */
@Readiness
@ApplicationScoped
public class PublisherReadiness extends AbstractPublisherReadiness {

  @Inject KafkaPublisher publisher;

  @Override
  protected String name() {
    return "kafka-publisher";
  }

  @Override
  protected PublisherHealth.Status status() {
    return publisher.health().status();
  }

  @Override
  protected void addData(HealthCheckResponseBuilder response) {
    response.withData("pending", publisher.pending());
  }
}
