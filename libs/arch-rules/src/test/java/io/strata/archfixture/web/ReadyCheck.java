package io.strata.archfixture.web;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;

/** An entry point (a health check) in an adapter package. */
public final class ReadyCheck implements HealthCheck {
  @Override
  public HealthCheckResponse call() {
    return null;
  }
}
