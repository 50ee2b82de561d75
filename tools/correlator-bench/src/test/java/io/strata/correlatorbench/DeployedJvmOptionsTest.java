package io.strata.correlatorbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bench runs the correlator's JVM as deploy/ does (ADR 038), unless told otherwise. */
class DeployedJvmOptionsTest {

  private static final Path STATEFULSET = Path.of("../../deploy/base/correlator/statefulset.yaml");

  @Test
  void theBenchsDefaultsAreTheStatefulSetsJavaToolOptionsLessItsHeapSizing() throws IOException {
    List<String> lines = Files.readAllLines(STATEFULSET);
    int name = lines.indexOf("            - name: JAVA_TOOL_OPTIONS");
    String value = lines.get(name + 1).trim();

    assertThat(value)
        .isEqualTo(
            "value: -XX:MaxRAMPercentage=60 -XX:InitialRAMPercentage=60 "
                + String.join(" ", CorrelatorProcess.DEPLOYED_JVM_OPTIONS));
  }

  @Test
  void theDeployedOptionsAreTheDefaultAndAnEmptyValueMeansTheJvmsOwn() {
    assertThat(BenchOptions.parse().correlatorJvmOptions())
        .isEqualTo(CorrelatorProcess.DEPLOYED_JVM_OPTIONS);
    assertThat(BenchOptions.parse("--correlator-jvm-options", "").correlatorJvmOptions()).isEmpty();
    assertThat(
            BenchOptions.parse("--correlator-jvm-options", " -XX:+UseSerialGC  -Xmn256m ")
                .correlatorJvmOptions())
        .containsExactly("-XX:+UseSerialGC", "-Xmn256m");
  }
}
