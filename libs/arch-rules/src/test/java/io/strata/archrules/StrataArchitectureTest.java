package io.strata.archrules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import io.strata.archfixture.clean.PlainCore;
import io.strata.archfixture.core.CallsTheReadinessCheck;
import io.strata.archfixture.core.KafkaInCore;
import io.strata.archfixture.web.ReadyCheck;
import io.strata.correlator.archfixture.ReachesIntoRemediator;
import io.strata.remediator.archfixture.RemediatorThing;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each rule reports a deliberate violation by name, and passes code that keeps it. */
class StrataArchitectureTest {

  private static JavaClasses classes(Class<?>... classes) {
    return new ClassFileImporter().importClasses(classes);
  }

  private static List<String> violations(ArchRule rule, JavaClasses classes) {
    EvaluationResult result = rule.evaluate(classes);
    return result.getFailureReport().getDetails();
  }

  @Test
  void aServiceCallingAnotherServiceIsReported() {
    ArchRule rule = StrataArchitecture.importsNoOtherService("io.strata.correlator");

    assertThat(violations(rule, classes(ReachesIntoRemediator.class, RemediatorThing.class)))
        .anyMatch(
            line ->
                line.contains(ReachesIntoRemediator.class.getName())
                    && line.contains(RemediatorThing.class.getName()));
    assertThat(
            violations(
                StrataArchitecture.importsNoOtherService("io.strata.remediator"),
                classes(RemediatorThing.class)))
        .isEmpty();
  }

  @Test
  void aKafkaClassInTheCoreIsReportedUnlessAllowed() {
    ArchRule strict = StrataArchitecture.coreIsFrameworkFree(List.of("io.strata.archfixture.core"));
    ArchRule allowingKafka =
        StrataArchitecture.coreIsFrameworkFree(
            List.of("io.strata.archfixture.core"), "org.apache.kafka..");

    assertThat(violations(strict, classes(KafkaInCore.class)))
        .anyMatch(
            line ->
                line.contains(KafkaInCore.class.getName())
                    && line.contains("org.apache.kafka.common.serialization.Serdes"));
    assertThat(violations(allowingKafka, classes(KafkaInCore.class))).isEmpty();
    assertThat(
            violations(
                StrataArchitecture.coreIsFrameworkFree(List.of("io.strata.archfixture.clean")),
                classes(PlainCore.class)))
        .isEmpty();
  }

  @Test
  void aCoreClassReachingIntoAnAdapterIsReported() {
    ArchRule rule =
        StrataArchitecture.coreDependsOnNoAdapter(
            List.of("io.strata.archfixture.core"), List.of("io.strata.archfixture.web"));

    assertThat(violations(rule, classes(CallsTheReadinessCheck.class, ReadyCheck.class)))
        .anyMatch(
            line ->
                line.contains(CallsTheReadinessCheck.class.getName())
                    && line.contains(ReadyCheck.class.getName()));
    assertThat(
            violations(
                StrataArchitecture.coreDependsOnNoAdapter(
                    List.of("io.strata.archfixture.clean"), List.of("io.strata.archfixture.web")),
                classes(ReadyCheck.class, PlainCore.class)))
        .isEmpty();
  }

  @Test
  void aClassCallingAHealthCheckIsReported() {
    ArchRule rule = StrataArchitecture.entryPointsAreLeaves("io.strata.archfixture");

    assertThat(violations(rule, classes(CallsTheReadinessCheck.class, ReadyCheck.class)))
        .anyMatch(line -> line.contains(CallsTheReadinessCheck.class.getName()));
    assertThat(violations(rule, classes(ReadyCheck.class, PlainCore.class))).isEmpty();
  }

  /**
   * What a service's ArchitectureTest does with a rule (ServiceArchitectureTest calls {@code
   * check}): a violation throws, so the test and {@code mvn verify} fail, naming the class.
   */
  @Test
  void checkingARuleOverAViolationFailsTheTest() {
    ArchRule rule = StrataArchitecture.importsNoOtherService("io.strata.correlator");

    assertThatThrownBy(
            () -> rule.check(classes(ReachesIntoRemediator.class, RemediatorThing.class)))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining(ReachesIntoRemediator.class.getName());
  }
}
