package io.strata.deviceingest;

import io.strata.archrules.ServiceArchitectureTest;
import java.util.List;

/** device-ingest: parsing, assembling, field naming, presence and XID logic are the pure core. */
class ArchitectureTest extends ServiceArchitectureTest {

  ArchitectureTest() {
    super(
        "io.strata.deviceingest",
        List.of(
            "io.strata.deviceingest.parse",
            "io.strata.deviceingest.assemble",
            "io.strata.deviceingest.naming",
            "io.strata.deviceingest.presence",
            "io.strata.deviceingest.xid"),
        List.of(
            "io.strata.deviceingest.config",
            "io.strata.deviceingest.discovery",
            "io.strata.deviceingest.health",
            "io.strata.deviceingest.kafka",
            "io.strata.deviceingest.scrape"),
        List.of());
  }
}
