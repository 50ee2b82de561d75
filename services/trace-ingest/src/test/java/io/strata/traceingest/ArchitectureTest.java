package io.strata.traceingest;

import io.strata.archrules.ServiceArchitectureTest;
import java.util.List;

/**
 * trace-ingest: OTLP decoding, stage sources and summarising, and the Alertmanager webhook's
 * parsing, label mapping, deduplication and authentication are the pure core.
 */
class ArchitectureTest extends ServiceArchitectureTest {

  ArchitectureTest() {
    super(
        "io.strata.traceingest",
        List.of(
            "io.strata.traceingest.alert",
            "io.strata.traceingest.otlp",
            "io.strata.traceingest.stages",
            "io.strata.traceingest.summary"),
        List.of(
            "io.strata.traceingest.receiver",
            "io.strata.traceingest.kafka",
            "io.strata.traceingest.health",
            "io.strata.traceingest.config"),
        List.of());
  }
}
