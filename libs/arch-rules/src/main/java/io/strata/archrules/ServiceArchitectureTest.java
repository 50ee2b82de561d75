package io.strata.archrules;

import com.tngtech.archunit.core.domain.JavaClasses;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The architecture rules one service runs: extend it in the service's tests (a class named {@code
 * ArchitectureTest}) and name the service's packages. The rules' own tests prove that each reports
 * a deliberate violation (StrataArchitectureTest in this module). A rule whose packages hold no
 * class fails too (ArchUnit's empty-should check), so a renamed package cannot silently escape.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class ServiceArchitectureTest {

  private final String servicePackage;
  private final List<String> corePackages;
  private final List<String> adapterPackages;
  private final List<String> allowedInCore;
  private JavaClasses classes;

  /**
   * @param servicePackage the service's root package, e.g. {@code io.strata.k8swatcher}
   * @param corePackages the pure core: parsing, classification, planning; plain Java
   * @param adapterPackages where the service meets its frameworks: Kafka, HTTP, Kubernetes,
   *     configuration, health
   * @param allowedInCore framework packages (ArchUnit patterns) this core may still use: each a
   *     known deviation, with the reason in the subclass
   */
  protected ServiceArchitectureTest(
      String servicePackage,
      List<String> corePackages,
      List<String> adapterPackages,
      List<String> allowedInCore) {
    this.servicePackage = servicePackage;
    this.corePackages = corePackages;
    this.adapterPackages = adapterPackages;
    this.allowedInCore = allowedInCore;
  }

  @BeforeAll
  void importClasses() {
    classes = StrataArchitecture.productionClasses(servicePackage);
  }

  @Test
  void importsNoOtherService() {
    StrataArchitecture.importsNoOtherService(servicePackage).check(classes);
  }

  @Test
  void coreImportsNoFramework() {
    StrataArchitecture.coreIsFrameworkFree(corePackages, allowedInCore.toArray(String[]::new))
        .check(classes);
  }

  @Test
  void coreDependsOnNoAdapter() {
    StrataArchitecture.coreDependsOnNoAdapter(corePackages, adapterPackages).check(classes);
  }

  @Test
  void entryPointsAreLeaves() {
    StrataArchitecture.entryPointsAreLeaves(servicePackage).check(classes);
  }
}
