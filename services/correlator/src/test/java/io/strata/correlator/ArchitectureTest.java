package io.strata.correlator;

import io.strata.archrules.ServiceArchitectureTest;
import io.strata.archrules.StrataArchitecture;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The correlator: its decision packages are the pure core, topology/ the Kafka Streams adapter. */
class ArchitectureTest extends ServiceArchitectureTest {

  /** The node side's decisions: NodeProcessor only loads, calls them, stores and forwards. */
  private static final String NODE_DECISIONS = "io.strata.correlator.core.node";

  ArchitectureTest() {
    super(
        "io.strata.correlator",
        List.of(
            "io.strata.correlator.core.request",
            "io.strata.correlator.core.incident",
            NODE_DECISIONS,
            "io.strata.correlator.core.state"),
        // Deviation today: config/ is not listed as an adapter because classify/ and recovery/
        // read the plain CorrelatorSettings records kept there beside the @ConfigMapping.
        // codec/ holds the Kafka serdes of the stores and repartition topics: only topology/ uses
        // it.
        List.of(
            "io.strata.correlator.api",
            "io.strata.correlator.codec",
            "io.strata.correlator.streams"),
        // Deviation today: core/request/ holds its Kafka Streams Serde; it belongs in topology/.
        List.of("org.apache.kafka.common.serialization.."));
  }

  /**
   * The window Serde's deviation above is not the node decisions': they touch no Kafka class at all
   * (Streams, clients, serialization), nor Quarkus, CDI or Micrometer.
   */
  @Test
  void nodeDecisionsImportNoFrameworkWithoutException() {
    StrataArchitecture.coreIsFrameworkFree(List.of(NODE_DECISIONS))
        .check(StrataArchitecture.productionClasses(NODE_DECISIONS));
  }
}
