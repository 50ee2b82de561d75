package io.strata.kafka.quarkus;

import io.strata.kafka.publish.PublisherHealth;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;

/**
 * The readiness answer of a service's Kafka publisher: down while Kafka is not acknowledging, with
 * the last failure and error as data. A service subclasses it with {@code @Readiness} and a scope
 * and adds its own data (what is pending).
 */
public abstract class AbstractPublisherReadiness implements HealthCheck {

  /** The check's name in /q/health/ready. */
  protected abstract String name();

  protected abstract PublisherHealth.Status status();

  /**
   * Whether the check reports UP: by default while Kafka acknowledges; a service may also go DOWN
   * for its own reasons (a buffer dropping records).
   */
  protected boolean up(PublisherHealth.Status status) {
    return status.healthy();
  }

  /** The service's own data, such as records pending; nothing by default. */
  protected void addData(HealthCheckResponseBuilder response) {}

  @Override
  public HealthCheckResponse call() {
    PublisherHealth.Status status = status();
    HealthCheckResponseBuilder response = HealthCheckResponse.named(name()).status(up(status));
    addData(response);
    if (status.lastFailure() != null) {
      response.withData("last_failure", status.lastFailure().toString());
    }
    if (!status.healthy() && status.lastError() != null) {
      response.withData("last_error", status.lastError());
    }
    return response.build();
  }
}
