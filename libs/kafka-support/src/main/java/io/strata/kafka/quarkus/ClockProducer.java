package io.strata.kafka.quarkus;

import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;

/**
 * The clock behind every observed_at, ce_time and health timestamp of a service that uses this
 * library: UTC system time. A default bean, so a test replaces it by producing its own Clock.
 */
@Singleton
public class ClockProducer {

  @Produces
  @Singleton
  @DefaultBean
  Clock clock() {
    return Clock.systemUTC();
  }
}
