package io.strata.archrules;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * What docs/DATA_FLOW.md and the README claim about every service, as ArchUnit rules: a service
 * imports no other service (they meet only through libs/events and Kafka), its pure core imports no
 * framework, and its adapters stay thin (the core never reaches into them, and entry points — REST
 * resources, health checks — are leaves nothing else calls). Each service's {@code
 * ArchitectureTest} names its own core and adapter packages.
 */
public final class StrataArchitecture {

  /** The root package of every service. */
  public static final List<String> SERVICE_PACKAGES =
      List.of(
          "io.strata.deviceingest",
          "io.strata.k8swatcher",
          "io.strata.traceingest",
          "io.strata.correlator",
          "io.strata.remediator",
          "io.strata.console");

  /** Frameworks a pure core must not touch: Quarkus and CDI, Kafka clients, fabric8, Vert.x. */
  public static final List<String> FRAMEWORK_PACKAGES =
      List.of(
          "io.quarkus..",
          "io.smallrye..",
          "jakarta..",
          "org.eclipse.microprofile..",
          "io.vertx..",
          "org.apache.kafka..",
          "io.strata.kafka..",
          "io.fabric8..",
          "io.micrometer..");

  /** The fabric8 Kubernetes model (plain data classes), which k8s-watcher's mapping core reads. */
  public static final String FABRIC8_MODEL = "io.fabric8.kubernetes.api.model..";

  private StrataArchitecture() {}

  /** The service's production classes (test classes excluded). */
  public static JavaClasses productionClasses(String servicePackage) {
    return new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages(servicePackage);
  }

  /** No class of {@code servicePackage} depends on a class of another service. */
  public static ArchRule importsNoOtherService(String servicePackage) {
    String[] others =
        SERVICE_PACKAGES.stream()
            .filter(p -> !p.equals(servicePackage))
            .map(p -> p + "..")
            .toArray(String[]::new);
    return noClasses()
        .that()
        .resideInAPackage(servicePackage + "..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(others)
        .because("services meet only through libs/events and Kafka topics");
  }

  /**
   * The core packages depend on no framework class. {@code allowed} are framework packages this
   * core may still use (ArchUnit package patterns such as {@link #FABRIC8_MODEL}), each a deviation
   * the service's test says why it accepts.
   */
  public static ArchRule coreIsFrameworkFree(List<String> corePackages, String... allowed) {
    DescribedPredicate<JavaClass> framework =
        DescribedPredicate.describe(
            "belong to a framework " + FRAMEWORK_PACKAGES + " (allowed: " + List.of(allowed) + ")",
            c -> matchesAny(c, FRAMEWORK_PACKAGES) && !matchesAny(c, List.of(allowed)));
    return noClasses()
        .that()
        .resideInAnyPackage(patterns(corePackages))
        .should()
        .dependOnClassesThat(framework)
        .because("the core is plain Java, unit-tested without Quarkus, Kafka or Kubernetes");
  }

  /** The core never depends on the service's adapters: dependencies point from adapter to core. */
  public static ArchRule coreDependsOnNoAdapter(
      List<String> corePackages, List<String> adapterPackages) {
    return noClasses()
        .that()
        .resideInAnyPackage(patterns(corePackages))
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(patterns(adapterPackages))
        .because("adapters call the core, never the other way round");
  }

  /**
   * REST resources ({@code @Path}) and health checks are entry points the framework calls: no other
   * class of the service depends on them, so they cannot grow into places logic hides in.
   */
  public static ArchRule entryPointsAreLeaves(String servicePackage) {
    DescribedPredicate<JavaClass> entryPoint =
        DescribedPredicate.describe(
            "are REST resources or health checks",
            c ->
                c.isAnnotatedWith("jakarta.ws.rs.Path")
                    || c.isAssignableTo("org.eclipse.microprofile.health.HealthCheck"));
    return noClasses()
        .that()
        .resideInAPackage(servicePackage + "..")
        .and(DescribedPredicate.not(entryPoint))
        .should()
        .dependOnClassesThat(entryPoint)
        .because("an entry point is a thin adapter: it calls the core, nothing calls it");
  }

  private static String[] patterns(List<String> packages) {
    List<String> out = new ArrayList<>();
    packages.forEach(p -> out.add(p.endsWith("..") ? p : p + ".."));
    return out.toArray(String[]::new);
  }

  private static boolean matchesAny(JavaClass javaClass, List<String> patterns) {
    return Stream.of(patterns.toArray(String[]::new))
        .anyMatch(
            p ->
                com.tngtech.archunit.core.domain.PackageMatcher.of(p)
                    .matches(javaClass.getPackageName()));
  }
}
