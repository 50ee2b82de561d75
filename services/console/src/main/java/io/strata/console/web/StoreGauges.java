package io.strata.console.web;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;
import io.strata.console.core.ConsoleState;
import io.strata.console.kafka.TelemetryReader;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.List;

/**
 * strata_console_store_entries{store=incidents|reviews|alerts|unverified_records|detail_incidents}:
 * how full the bounds are (detail_incidents: incidents whose on-demand telemetry is cached;
 * unverified_records: journal records kept because their signature did not verify).
 */
@ApplicationScoped
public class StoreGauges {

  @Inject MeterRegistry registry;
  @Inject ConsoleState state;
  @Inject TelemetryReader telemetry;

  void register(@Observes StartupEvent event) {
    for (String store : List.of("incidents", "reviews", "alerts", "unverified_records")) {
      Gauge.builder("strata.console.store.entries", state, s -> s.sizes().get(store))
          .tag("store", store)
          .register(registry);
    }
    Gauge.builder("strata.console.store.entries", telemetry, TelemetryReader::cachedIncidents)
        .tag("store", "detail_incidents")
        .register(registry);
  }
}
