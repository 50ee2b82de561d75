package io.strata.remediator.health;

import io.smallrye.common.annotation.Identifier;
import io.strata.remediator.kafka.IncidentPartitions;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready once the incidents consumer has joined its group and holds its partitions: a remediator
 * that reports ready before then lets the first incidents wait for the group to form.
 */
@Readiness
@ApplicationScoped
public class IncidentPartitionsCheck implements HealthCheck {

  @Inject
  @Identifier(IncidentPartitions.NAME)
  IncidentPartitions partitions;

  @Override
  public HealthCheckResponse call() {
    return HealthCheckResponse.named("incidents-partitions")
        .status(partitions.assigned())
        .withData("partitions", partitions.partitions())
        .build();
  }
}
