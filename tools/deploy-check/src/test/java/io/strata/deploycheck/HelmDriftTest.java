package io.strata.deploycheck;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.strata.deploycheck.kustomize.Rendering;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The chart and deploy/ do not drift (ADR 050): the chart's default profile against kustomize's
 * plain overlay (deploy/base + base/kafka), its knative profile against the knative overlay. For
 * each service both run: image, ports, env names, JAVA_TOOL_OPTIONS, probes, resources, replicas,
 * its ConfigMap and the RBAC rules its account is bound to; and Strata's topics, users, alerts and
 * dashboards, whose chart copies under charts/strata/files are deploy/'s byte for byte.
 */
class HelmDriftTest {

  @ParameterizedTest
  @CsvSource({"default, plain", "knative, knative"})
  void everyServiceRunsAsDeployRunsIt(String profile, String overlay) {
    Rendering chart = HelmChart.profile(profile);
    Rendering kustomize = Repo.overlay(overlay);
    for (String service : Repo.SERVICES) {
      String where = profile + " vs " + overlay + ": " + service;
      Workloads ours = Workloads.of(chart, service);
      Workloads theirs = Workloads.of(kustomize, service);
      assertThat(ours.kind()).as(where).isEqualTo(theirs.kind());
      assertThat(ours.replicas()).as(where + " replicas").isEqualTo(theirs.replicas());
      Container c = ours.containers().get(0);
      Container k = theirs.containers().get(0);
      assertThat(c.getImage()).as(where + " image").isEqualTo(k.getImage());
      assertThat(ports(c)).as(where + " ports").isEqualTo(ports(k));
      assertThat(envNames(c)).as(where + " env names").isEqualTo(envNames(k));
      assertThat(env(c, "JAVA_TOOL_OPTIONS")).as(where).isEqualTo(env(k, "JAVA_TOOL_OPTIONS"));
      assertThat(env(c, "KAFKA_STREAMS_NUM_STANDBY_REPLICAS"))
          .as(where)
          .isEqualTo(env(k, "KAFKA_STREAMS_NUM_STANDBY_REPLICAS"));
      assertThat(probe(c.getStartupProbe()))
          .as(where + " startup")
          .isEqualTo(probe(k.getStartupProbe()));
      assertThat(probe(c.getLivenessProbe()))
          .as(where + " liveness")
          .isEqualTo(probe(k.getLivenessProbe()));
      assertThat(probe(c.getReadinessProbe()))
          .as(where + " readiness")
          .isEqualTo(probe(k.getReadinessProbe()));
      assertThat(c.getResources()).as(where + " resources (sizing 1k)").isEqualTo(k.getResources());
      assertThat(c.getEnvFrom()).as(where + " envFrom").isEqualTo(k.getEnvFrom());
      assertThat(ours.automountToken()).as(where).isEqualTo(theirs.automountToken());
      assertThat(data(chart, "strata-" + service))
          .as(where + " ConfigMap")
          .isEqualTo(data(kustomize, "strata-" + service));
      assertThat(rules(chart, ours)).as(where + " RBAC rules").isEqualTo(rules(kustomize, theirs));
    }
    assertThat(data(chart, "strata-common"))
        .as("strata-common")
        .isEqualTo(data(kustomize, "strata-common"));
  }

  @Test
  void strataKafkaObjectsAlertsAndDashboardsAreDeploysOwn() {
    Rendering chart = HelmChart.profile("default");
    Rendering kustomize = Repo.overlay("plain");
    for (String kind : List.of("KafkaTopic", "KafkaUser", "KafkaNodePool", "Kafka")) {
      assertThat(specs(chart, StrimziShapes.API, kind))
          .as(kind)
          .isEqualTo(specs(kustomize, StrimziShapes.API, kind));
    }
    assertThat(specs(chart, "monitoring.coreos.com/v1", "PrometheusRule").values())
        .as("alerts")
        .containsExactlyElementsOf(
            specs(kustomize, "monitoring.coreos.com/v1", "PrometheusRule").values());
    assertThat(data(chart, "strata-dashboards")).isEqualTo(data(kustomize, "strata-dashboards"));
  }

  @Test
  void theChartsCopiedFilesAreDeploysByteForByte() throws IOException {
    Map<String, String> copies =
        Map.of(
            "files/kafka/kafka.yaml", "deploy/base/kafka/kafka.yaml",
            "files/kafka/topics.yaml", "deploy/base/kafka/topics.yaml",
            "files/kafka/users.yaml", "deploy/base/kafka/users.yaml",
            "files/monitoring/prometheusrule.yaml", "deploy/base/monitoring/prometheusrule.yaml");
    copies.forEach(
        (copy, original) ->
            assertThat(Repo.read(HelmChart.CHART.resolve(copy)))
                .as("charts/strata/" + copy + " is a copy of " + original + ": copy it again")
                .isEqualTo(Repo.read(Repo.ROOT.resolve(original))));
    Path dashboards = Repo.DEPLOY.resolve("base/monitoring/dashboards");
    Path chartDashboards = HelmChart.CHART.resolve("files/dashboards");
    Set<String> names = fileNames(dashboards);
    assertThat(fileNames(chartDashboards)).as("charts/strata/files/dashboards").isEqualTo(names);
    for (String name : names) {
      assertThat(Repo.read(chartDashboards.resolve(name)))
          .as("charts/strata/files/dashboards/" + name + " is a copy of deploy/'s")
          .isEqualTo(Repo.read(dashboards.resolve(name)));
    }
  }

  private static Set<String> fileNames(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      Set<String> names = new TreeSet<>();
      files.forEach(f -> names.add(f.getFileName().toString()));
      return names;
    }
  }

  private static List<String> ports(Container container) {
    return container.getPorts().stream()
        .map(ContainerPort::getContainerPort)
        .map(String::valueOf)
        .sorted()
        .toList();
  }

  private static List<String> envNames(Container container) {
    return container.getEnv().stream().map(EnvVar::getName).sorted().toList();
  }

  private static String env(Container container, String name) {
    return container.getEnv().stream()
        .filter(e -> e.getName().equals(name))
        .map(EnvVar::getValue)
        .findFirst()
        .orElse(null);
  }

  /** Path, port, period and threshold: Knative probes name no port in either. */
  private static String probe(Probe probe) {
    if (probe == null) {
      return null;
    }
    return probe.getHttpGet().getPath()
        + " "
        + probe.getHttpGet().getPort()
        + " "
        + probe.getPeriodSeconds()
        + " "
        + probe.getFailureThreshold();
  }

  private static JsonNode data(Rendering rendering, String configMap) {
    return rendering.find("v1", "ConfigMap", configMap).map(m -> m.path("data")).orElse(null);
  }

  /** Each role kind and its rules, of every binding naming the workload's account. */
  private static Set<String> rules(Rendering rendering, Workloads workload) {
    ServiceAccount account = new ServiceAccount();
    account.setMetadata(new io.fabric8.kubernetes.api.model.ObjectMeta());
    account.getMetadata().setName(workload.serviceAccountName());
    account.getMetadata().setNamespace("strata");
    Set<String> rules = new TreeSet<>();
    for (ObjectNode binding : Rbac.bindingsOf(rendering, account)) {
      ObjectNode role =
          Rbac.roleOf(rendering, binding)
              .orElseThrow(() -> new AssertionError(binding + ": role not rendered"));
      role.path("rules").forEach(rule -> rules.add(role.path("kind").asText() + " " + rule));
    }
    return rules;
  }

  private static Map<String, JsonNode> specs(Rendering rendering, String api, String kind) {
    Map<String, JsonNode> specs = new TreeMap<>();
    rendering
        .ofKind(api, kind)
        .forEach(o -> specs.put(o.at("/metadata/name").asText(), o.path("spec")));
    return specs;
  }
}
