package io.strata.remediator.health;

import io.strata.kafka.read.FollowProblem;
import io.strata.remediator.kafka.IncidentFollower;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready while the incidents follower reads every partition of strata.incidents.v1; DOWN with its
 * reason (TOPIC_MISSING, KAFKA_UNAVAILABLE) while it cannot, so a remediator that stopped reading
 * incidents never looks healthy (fault-suite finding 4). The follower retries on its own.
 */
@Readiness
@ApplicationScoped
public class IncidentPartitionsReadiness implements HealthCheck {

  @Inject IncidentFollower follower;

  @Override
  public HealthCheckResponse call() {
    FollowProblem problem = follower.problem();
    return HealthCheckResponse.named("incidents-partitions")
        .status(problem == FollowProblem.NONE)
        .withData("partitions", follower.partitions())
        .withData("reason", problem.name())
        .withData("detail", follower.detail())
        .build();
  }
}
