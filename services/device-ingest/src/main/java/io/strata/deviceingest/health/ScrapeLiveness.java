package io.strata.deviceingest.health;

import io.strata.deviceingest.config.DeviceIngestConfig;
import io.strata.deviceingest.scrape.ScrapeScheduler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;

/** Down when the scrape ticker stopped ticking (three intervals late). */
@Liveness
@ApplicationScoped
public class ScrapeLiveness implements HealthCheck {

  private final ScrapeScheduler scheduler;
  private final DeviceIngestConfig config;
  private final Clock clock;

  @Inject
  public ScrapeLiveness(ScrapeScheduler scheduler, DeviceIngestConfig config, Clock clock) {
    this.scheduler = scheduler;
    this.config = config;
    this.clock = clock;
  }

  @Override
  public HealthCheckResponse call() {
    Duration interval = config.scrape().interval();
    Instant reference =
        scheduler.lastTick() != null
            ? scheduler.lastTick()
            : scheduler.started() == null
                ? clock.instant()
                : scheduler.started().plus(config.scrape().initialDelay());
    boolean ticking = !clock.instant().isAfter(reference.plus(interval.multipliedBy(3)));
    return HealthCheckResponse.named("device-ingest-scrape-loop")
        .status(ticking)
        .withData("targets", scheduler.targets().size())
        .withData("last_tick", String.valueOf(scheduler.lastTick()))
        .build();
  }
}
