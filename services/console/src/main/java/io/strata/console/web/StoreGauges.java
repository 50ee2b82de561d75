package io.strata.console.web;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;
import io.strata.console.core.ConsoleState;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.List;

/** strata_console_store_entries{store=incidents|traces|gpus|reviews}: how full the bounds are. */
@ApplicationScoped
public class StoreGauges {

  @Inject MeterRegistry registry;
  @Inject ConsoleState state;

  void register(@Observes StartupEvent event) {
    for (String store : List.of("incidents", "traces", "gpus", "reviews")) {
      Gauge.builder("strata.console.store.entries", state, s -> s.sizes().get(store))
          .tag("store", store)
          .register(registry);
    }
  }
}
