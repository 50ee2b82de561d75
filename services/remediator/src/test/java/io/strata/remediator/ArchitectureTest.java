package io.strata.remediator;

import io.strata.archrules.ServiceArchitectureTest;
import java.util.List;

/** The remediator: planning, guards and mechanisms are the pure core. */
class ArchitectureTest extends ServiceArchitectureTest {

  ArchitectureTest() {
    super(
        "io.strata.remediator",
        List.of("io.strata.remediator.core", "io.strata.remediator.mechanisms"),
        List.of(
            "io.strata.remediator.api",
            "io.strata.remediator.config",
            "io.strata.remediator.health",
            "io.strata.remediator.kafka",
            "io.strata.remediator.kube",
            "io.strata.remediator.slack"),
        List.of());
  }
}
