package io.strata.deviceingest.health;

import io.strata.deviceingest.scrape.ScrapeScheduler;
import io.strata.deviceingest.shard.ShardView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** With sharding on: not ready until this replica's Lease is written and it sees itself live. */
@Readiness
@ApplicationScoped
public class ShardReadiness implements HealthCheck {

  private final ScrapeScheduler scheduler;

  @Inject
  public ShardReadiness(ScrapeScheduler scheduler) {
    this.scheduler = scheduler;
  }

  @Override
  public HealthCheckResponse call() {
    ShardView shard = scheduler.shard();
    return HealthCheckResponse.named("device-ingest-shard")
        .status(!shard.sharded() || shard.members().contains(shard.self()))
        .withData("sharded", shard.sharded())
        .withData("members", shard.members().size())
        .build();
  }
}
