package io.strata.correlator;

import io.strata.archrules.ServiceArchitectureTest;
import java.util.List;

/** The correlator as it is today (its topology is being rewritten). */
class ArchitectureTest extends ServiceArchitectureTest {

  ArchitectureTest() {
    super(
        "io.strata.correlator",
        List.of(
            "io.strata.correlator.baseline",
            "io.strata.correlator.classify",
            "io.strata.correlator.incident",
            "io.strata.correlator.ownership",
            "io.strata.correlator.recovery",
            "io.strata.correlator.state",
            "io.strata.correlator.trace",
            "io.strata.correlator.window"),
        // Deviation today: config/ is not listed as an adapter because classify/ and recovery/
        // read the plain CorrelatorSettings records kept there beside the @ConfigMapping.
        List.of(
            "io.strata.correlator.api",
            "io.strata.correlator.deadletter",
            "io.strata.correlator.topology"),
        // Deviation today: window/ holds its Kafka Streams Serde; it belongs in topology/.
        List.of("org.apache.kafka.common.serialization.."));
  }
}
