package io.strata.console.config;

import io.strata.console.core.ConsoleLimits;
import io.strata.console.core.ConsoleState;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The one in-memory state of the console, bounded by its configuration. */
public class StateProducer {

  @Produces
  @Singleton
  ConsoleState state(ConsoleLimits limits) {
    return new ConsoleState(limits);
  }

  @Produces
  @Singleton
  ConsoleLimits limits(ConsoleConfig config) {
    ConsoleConfig.Limits l = config.limits();
    return new ConsoleLimits(
        l.incidents(),
        l.revisionsPerIncident(),
        l.statesPerAction(),
        l.spansPerTrace(),
        l.samplesPerGpu(),
        l.xidsPerGpu(),
        l.windowsPerWorkload(),
        config.recoveryBand());
  }

  // The Clock comes from strata-kafka-support's ClockProducer (a default bean tests can replace).
}
