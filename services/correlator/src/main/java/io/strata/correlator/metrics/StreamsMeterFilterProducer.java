package io.strata.correlator.metrics;

import io.micrometer.core.instrument.config.MeterFilter;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** Quarkus applies every {@link MeterFilter} bean to its registries before meters register. */
public class StreamsMeterFilterProducer {

  @Produces
  @Singleton
  MeterFilter kafkaStreamsSelection() {
    return MeterFilter.denyUnless(id -> StreamsMeterSelection.publishes(id.getName()));
  }
}
