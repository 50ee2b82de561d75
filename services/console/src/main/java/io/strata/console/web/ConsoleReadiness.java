package io.strata.console.web;

import io.strata.console.core.ConsoleState;
import io.strata.console.kafka.ConsoleTopicFollower;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready once the incidents, actions and reviews present at startup have been read. Alerts are
 * context and never hold readiness up; the data names why strata.alerts.v1 is not being read, if it
 * is not ({@code alerts-topic}: NONE while reading).
 */
@Readiness
@ApplicationScoped
public class ConsoleReadiness implements HealthCheck {

  @Inject ConsoleTopicFollower reader;
  @Inject ConsoleState state;

  @Override
  public HealthCheckResponse call() {
    var builder = HealthCheckResponse.named("topics-read").status(reader.caughtUp());
    state.sizes().forEach(builder::withData);
    builder.withData("alerts-topic", reader.alertsProblem().name());
    return builder.build();
  }
}
