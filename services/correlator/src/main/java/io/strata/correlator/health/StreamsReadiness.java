package io.strata.correlator.health;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready once the stream threads have run (see {@link StreamsProgress}). Quarkus' own readiness
 * check only asks whether the input topics exist, and its state check is a liveness check: without
 * this one the correlator reported ready while its Kafka Streams was still {@code CREATED}, so the
 * console's queries reached it before its stores were open.
 */
@Readiness
@ApplicationScoped
public class StreamsReadiness implements HealthCheck {

  @Inject StreamsStateTracker tracker;

  @Override
  public HealthCheckResponse call() {
    StreamsProgress.Snapshot s = tracker.snapshot();
    return HealthCheckResponse.named("kafka-streams-running")
        .status(s.ready())
        .withData("state", s.state().name())
        .withData("since", s.since().toString())
        .withData("ranOnce", s.ranOnce())
        .build();
  }
}
