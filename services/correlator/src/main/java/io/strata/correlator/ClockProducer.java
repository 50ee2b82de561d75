package io.strata.correlator;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;

/** The wall clock for the REST side (the topology runs on event time and needs none). */
@ApplicationScoped
public class ClockProducer {

  @Produces
  @Singleton
  Clock clock() {
    return Clock.systemUTC();
  }
}
