package io.strata.console;

import io.strata.archrules.ServiceArchitectureTest;
import java.util.List;

/** The console: its bounded state and the views built from it are the pure core. */
class ArchitectureTest extends ServiceArchitectureTest {

  ArchitectureTest() {
    super(
        "io.strata.console",
        List.of("io.strata.console.core"),
        List.of(
            "io.strata.console.config",
            "io.strata.console.http",
            "io.strata.console.kafka",
            "io.strata.console.web"),
        List.of());
  }
}
