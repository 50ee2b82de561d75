package io.strata.correlator;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.strata.archrules.ServiceArchitectureTest;
import io.strata.archrules.StrataArchitecture;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The correlator's floor plan: core/ holds what it decides, in four layers that depend only
 * downwards (request windows and traces, GPU and node state, incidents, node decisions); streams/
 * is the one Kafka Streams adapter; streams/speed/ is how it is made fast, used by streams/ alone.
 */
class ArchitectureTest extends ServiceArchitectureTest {

  private static final String BASE = "io.strata.correlator";
  private static final String REQUEST = BASE + ".core.request";
  private static final String STATE = BASE + ".core.state";
  private static final String INCIDENT = BASE + ".core.incident";
  private static final String NODE = BASE + ".core.node";
  private static final String SPEED = BASE + ".streams.speed";

  /** The core's layers, lowest first. */
  private static final List<String> LAYERS = List.of(REQUEST, STATE, INCIDENT, NODE);

  private final JavaClasses classes = StrataArchitecture.productionClasses(BASE);

  ArchitectureTest() {
    super(
        BASE,
        LAYERS,
        // Deviation today: config/ is not listed as an adapter because core/incident/ reads the
        // plain CorrelatorSettings records kept there beside the @ConfigMapping.
        List.of(BASE + ".api", BASE + ".streams.."),
        // Deviation today: core/request/ holds its window's Kafka Serde; it belongs in streams/.
        List.of("org.apache.kafka.common.serialization.."));
  }

  @Test
  void eachCoreLayerDependsOnlyOnTheLayersBelowIt() {
    for (int i = 0; i < LAYERS.size() - 1; i++) {
      String[] above = LAYERS.subList(i + 1, LAYERS.size()).toArray(String[]::new);
      noClasses()
          .that()
          .resideInAPackage(LAYERS.get(i))
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(above)
          .check(classes);
    }
  }

  @Test
  void theSpeedMachineryIsUsedByTheStreamsLayerAlone() {
    noClasses()
        .that()
        .resideOutsideOfPackages(BASE + ".streams", SPEED)
        .should()
        .dependOnClassesThat()
        .resideInAPackage(SPEED)
        .check(classes);
  }

  @Test
  void theSpeedMachineryKnowsNothingOfTheTopologyAboveIt() {
    noClasses()
        .that()
        .resideInAPackage(SPEED)
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(BASE + ".streams", BASE + ".api")
        .check(classes);
  }

  @Test
  void noPackageCycles() {
    slices().matching(BASE + ".(**)").should().beFreeOfCycles().check(classes);
  }

  /** The node decisions touch no Kafka class at all, nor Quarkus, CDI or Micrometer. */
  @Test
  void nodeDecisionsImportNoFrameworkWithoutException() {
    StrataArchitecture.coreIsFrameworkFree(List.of(NODE))
        .check(StrataArchitecture.productionClasses(NODE));
  }
}
