package io.strata.deviceingest.health;

import io.strata.deviceingest.discovery.EndpointSliceDiscovery;
import io.strata.deviceingest.scrape.ScrapeScheduler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Not ready until Kubernetes discovery (when on) has listed the exporter EndpointSlices. */
@Readiness
@ApplicationScoped
public class DiscoveryReadiness implements HealthCheck {

  private final ScrapeScheduler scheduler;

  @Inject
  public DiscoveryReadiness(ScrapeScheduler scheduler) {
    this.scheduler = scheduler;
  }

  @Override
  public HealthCheckResponse call() {
    EndpointSliceDiscovery discovery = scheduler.discovery();
    boolean enabled = discovery != null;
    return HealthCheckResponse.named("device-ingest-discovery")
        .status(!enabled || discovery.synced())
        .withData("enabled", enabled)
        .withData("targets", scheduler.targets().size())
        .build();
  }
}
