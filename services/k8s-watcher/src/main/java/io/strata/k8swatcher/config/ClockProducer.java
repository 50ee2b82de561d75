package io.strata.k8swatcher.config;

import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;

/** The clock behind every observed_at and ce_time; tests replace it. */
public class ClockProducer {

  @Produces
  @Singleton
  @DefaultBean
  Clock clock() {
    return Clock.systemUTC();
  }
}
