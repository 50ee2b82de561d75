package io.strata.deviceingest.health;

import io.strata.deviceingest.scrape.ScrapeScheduler;
import io.strata.deviceingest.xid.XidHistory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Not ready (and not scraping) until the already published XIDs are read back from Kafka. */
@Readiness
@ApplicationScoped
public class XidRecoveryReadiness implements HealthCheck {

  private final ScrapeScheduler scheduler;

  @Inject
  public XidRecoveryReadiness(ScrapeScheduler scheduler) {
    this.scheduler = scheduler;
  }

  @Override
  public HealthCheckResponse call() {
    XidHistory history = scheduler.xidHistory();
    return HealthCheckResponse.named("device-ingest-xid-recovery")
        .status(history.caughtUp())
        .withData("gpus", history.gpus())
        .build();
  }
}
