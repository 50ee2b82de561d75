package io.strata.deploycheck;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * bin/strata starts each service with the JVM options deploy/ gives it (its JAVA_TOOL_OPTIONS, the
 * container-relative heap sizing replaced by the local run's heap), read from deploy/ itself: a
 * local or live run that left them out measured another JVM than the deployed one (device-ingest
 * without ADR 014's common-pool parallelism starts a thread per scrape response on 2 cores).
 */
class LocalRunJvmOptionsTest {

  static final List<String> SERVICES = Repo.SERVICES;

  @Test
  void theCorrelatorRunsWithAdr038sG1OptionsAdr045sCodeCacheAndItsWholeHeapCommitted()
      throws Exception {
    assertThat(jvmOptions("correlator"))
        .isEqualTo("-Xms640m -XX:+UseG1GC -XX:NewRatio=1 -XX:-UseCodeCacheFlushing");
  }

  @Test
  void deviceIngestKeepsTheCommonPoolTheJdkHttpClientCompletesOn() throws Exception {
    assertThat(jvmOptions("device-ingest"))
        .isEqualTo("-Djava.util.concurrent.ForkJoinPool.common.parallelism=2");
  }

  @Test
  void aServiceDeployedWithOnlyHeapSizingGetsNoOtherOption() throws Exception {
    assertThat(jvmOptions("k8s-watcher")).isEmpty();
  }

  @ParameterizedTest
  @FieldSource("SERVICES")
  void everyDeployedOptionButTheHeapSizingReachesTheLocalRun(String service) throws Exception {
    Container container = Workloads.of(Repo.overlay("plain"), service).containers().get(0);
    List<String> deployed = new ArrayList<>();
    for (EnvVar env : container.getEnv()) {
      if (env.getName().equals("JAVA_TOOL_OPTIONS")) {
        Arrays.stream(env.getValue().trim().split("\\s+"))
            .filter(option -> !option.startsWith("-XX:MaxRAMPercentage="))
            .map(option -> option.startsWith("-XX:InitialRAMPercentage=") ? "-Xms640m" : option)
            .forEach(deployed::add);
      }
    }

    String local = jvmOptions(service);

    assertThat(local.isEmpty() ? List.of() : List.of(local.split(" ")))
        .containsExactlyElementsOf(deployed);
  }

  @Test
  void anUnknownServiceIsRefusedWithTheKnownOnes() throws Exception {
    Process process = start("no-such-service");
    String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);

    assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).isEqualTo(1);
    assertThat(err)
        .isEqualTo(
            "strata: jvm-options needs one of: device-ingest k8s-watcher trace-ingest correlator"
                + " remediator console\n");
  }

  private static String jvmOptions(String service) throws IOException, InterruptedException {
    Process process = start(service);
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as(err).isZero();
    return out.strip();
  }

  private static Process start(String service) throws IOException {
    ProcessBuilder builder =
        new ProcessBuilder(
            "bash", Repo.ROOT.resolve("bin/strata").toString(), "jvm-options", service);
    builder.environment().put("STRATA_SERVICE_HEAP", "640m");
    builder.environment().remove("STRATA_CORRELATOR_HEAP");
    builder.environment().remove("STRATA_DEVICE_INGEST_HEAP");
    builder.environment().remove("STRATA_K8S_WATCHER_HEAP");
    return builder.start();
  }
}
