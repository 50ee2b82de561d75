package io.strata.deploycheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.marcnuri.helm.LintResult;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Probe;
import io.strata.deploycheck.kustomize.Rendering;
import io.strata.deploycheck.kustomize.ResourceId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * charts/strata through real Helm: lint, then every values profile rendered and checked for what a
 * platform team reviews (images, probes, requests and limits, Secrets only referenced, the
 * Kubernetes recommended labels), and bad values refused with the key named.
 */
class HelmChartTest {

  static final List<String> PROFILES = HelmChart.PROFILES_ALL;

  /** The six services, by directory name, and their values key. */
  static final Map<String, String> SERVICES =
      Map.of(
          "device-ingest", "deviceIngest",
          "k8s-watcher", "k8sWatcher",
          "trace-ingest", "traceIngest",
          "correlator", "correlator",
          "remediator", "remediator",
          "console", "console");

  static final List<String> RECOMMENDED_LABELS =
      Stream.of("name", "instance", "version", "component", "part-of", "managed-by")
          .map(l -> "app.kubernetes.io/" + l)
          .toList();

  /** Env names that carry a credential: only ever from a Secret. */
  private static final Pattern SECRET_NAME =
      Pattern.compile(".*(TOKEN|SECRET|PASSWORD|JAAS|CERTIFICATE|WEBHOOK).*|.*_KEY");

  @Test
  void helmLintStrictPasses() {
    LintResult lint = HelmChart.lint();
    assertThat(lint.isFailed()).as(String.join("\n", lint.getMessages())).isFalse();
    assertThat(lint.getMessages())
        .as("only the icon recommendation")
        .allMatch(m -> m.startsWith("[INFO]"));
  }

  @ParameterizedTest
  @FieldSource("PROFILES")
  void everyObjectBindsToItsTypedModelWithoutUnknownFields(String profile) {
    for (ObjectNode object : HelmChart.profile(profile).objects()) {
      if (StrimziShapes.handles(object)) {
        StrimziShapes.check(object);
      } else {
        Class<?> model =
            TypedModels.modelOf(object)
                .orElseThrow(() -> new AssertionError(ResourceId.of(object) + ": no typed model"));
        TypedModels.bind(object, model);
      }
    }
  }

  @ParameterizedTest
  @FieldSource("PROFILES")
  void everyWorkloadHasItsImageProbesRequestsAndLimits(String profile) {
    Rendering rendering = HelmChart.profile(profile);
    for (String service : enabledServices(profile)) {
      Workloads workload = Workloads.of(rendering, service);
      String where = profile + "/" + service;
      assertThat(workload.containers()).as(where).hasSize(1);
      Container container = workload.containers().get(0);
      assertThat(container.getImage())
          .as(where)
          .isEqualTo("strata/strata-" + service + ":0.1.0-SNAPSHOT");
      assertPath(where + " liveness", container.getLivenessProbe(), "/q/health/live");
      assertPath(where + " readiness", container.getReadinessProbe(), "/q/health/ready");
      if (!workload.knative()) {
        assertPath(where + " startup", container.getStartupProbe(), "/q/health/started");
      }
      assertThat(container.getResources().getRequests()).as(where).containsKeys("cpu", "memory");
      assertThat(container.getResources().getLimits()).as(where).containsKey("memory");
      assertThat(container.getSecurityContext().getAllowPrivilegeEscalation()).as(where).isFalse();
    }
  }

  @ParameterizedTest
  @FieldSource("PROFILES")
  void secretsAreOnlyReferencedNeverInlined(String profile) {
    Rendering rendering = HelmChart.profile(profile);
    assertThat(rendering.ofKind("v1", "Secret")).as(profile + ": no Secret rendered").isEmpty();
    for (ObjectNode map : rendering.ofKind("v1", "ConfigMap")) {
      map.path("data")
          .fieldNames()
          .forEachRemaining(
              key ->
                  assertThat(key)
                      .as(ResourceId.of(map) + ": a credential in a ConfigMap")
                      .doesNotMatch(SECRET_NAME));
    }
    for (String service : enabledServices(profile)) {
      Container container = Workloads.of(rendering, service).containers().get(0);
      for (EnvVar env : container.getEnv()) {
        if (SECRET_NAME.matcher(env.getName()).matches()) {
          assertThat(env.getValue()).as(profile + "/" + service + " " + env.getName()).isNull();
          assertThat(env.getValueFrom().getSecretKeyRef())
              .as(profile + "/" + service + " " + env.getName() + " from a Secret")
              .isNotNull();
        }
      }
      container.getEnvFrom().stream()
          .filter(source -> source.getSecretRef() != null)
          .forEach(
              source ->
                  assertThat(source.getSecretRef().getOptional())
                      .as(profile + "/" + service + ": an existing Secret, optional")
                      .isTrue());
    }
  }

  @ParameterizedTest
  @FieldSource("PROFILES")
  void everyObjectAndPodCarriesTheRecommendedLabels(String profile) {
    for (ObjectNode object : HelmChart.profile(profile).objects()) {
      assertRecommended(ResourceId.of(object).toString(), object.path("metadata").path("labels"));
      JsonNode pod = object.at("/spec/template/metadata/labels");
      if (!pod.isMissingNode()) {
        assertRecommended(ResourceId.of(object) + " pod template", pod);
      }
    }
  }

  @ParameterizedTest
  @FieldSource("PROFILES")
  void exactlyTheEnabledServicesAreRendered(String profile) {
    Rendering rendering = HelmChart.profile(profile);
    Set<String> components = new java.util.TreeSet<>();
    rendering.objects().stream()
        .map(o -> o.at("/metadata/labels/app.kubernetes.io~1component").asText())
        .filter(SERVICES::containsKey)
        .forEach(components::add);
    assertThat(components)
        .as(profile)
        .containsExactlyInAnyOrderElementsOf(enabledServices(profile));
  }

  @Test
  void consoleOffRendersNoConsoleObject() {
    Rendering rendering = HelmChart.profile("console-off");
    assertThat(rendering.objects())
        .filteredOn(o -> o.at("/metadata/name").asText().contains("console"))
        .isEmpty();
    assertThat(
            HelmChart.profile("default")
                .find(StrimziShapes.API, "KafkaUser", "strata-console-kafka"))
        .isPresent();
  }

  @Test
  void existingKafkaWithScramAndTlsReadsTheGivenSecretsAndRendersNoStrimziObject() {
    Rendering rendering = HelmChart.profile("existing-kafka-scram-tls");
    assertThat(rendering.objects())
        .filteredOn(o -> o.path("apiVersion").asText().startsWith("kafka.strimzi.io"))
        .isEmpty();
    JsonNode common = rendering.find("v1", "ConfigMap", "strata-common").orElseThrow().path("data");
    assertThat(common.path("KAFKA_BOOTSTRAP_SERVERS").asText())
        .isEqualTo("kafka-0.kafka.example.internal:9094,kafka-1.kafka.example.internal:9094");
    assertThat(common.path("KAFKA_SECURITY_PROTOCOL").asText()).isEqualTo("SASL_SSL");
    assertThat(common.path("KAFKA_SASL_MECHANISM").asText()).isEqualTo("SCRAM-SHA-512");
    Container correlator = Workloads.of(rendering, "correlator").containers().get(0);
    assertThat(secretRef(correlator, "KAFKA_SASL_JAAS_CONFIG"))
        .isEqualTo("fleet-kafka-correlator/sasl.jaas.config");
    assertThat(secretRef(correlator, "QUARKUS_KAFKA_STREAMS_SASL_JAAS_CONFIG"))
        .isEqualTo("fleet-kafka-correlator/sasl.jaas.config");
    assertThat(secretRef(correlator, "KAFKA_SSL_TRUSTSTORE_CERTIFICATES"))
        .isEqualTo("fleet-kafka-ca/ca.pem");
    assertThat(
            secretRef(
                Workloads.of(rendering, "console").containers().get(0), "KAFKA_SASL_JAAS_CONFIG"))
        .isEqualTo("fleet-kafka-console/sasl.jaas.config");
  }

  @Test
  void strimziWithMutualTlsRendersTlsUsersForTheNamedClusterAndPemKeystores() {
    Rendering rendering = HelmChart.profile("strimzi");
    assertThat(rendering.ofKind(StrimziShapes.API, "Kafka")).isEmpty();
    assertThat(rendering.ofKind(StrimziShapes.API, "KafkaUser"))
        .hasSize(6)
        .allSatisfy(
            user -> {
              assertThat(user.at("/spec/authentication/type").asText()).isEqualTo("tls");
              assertThat(user.at("/metadata/labels/strimzi.io~1cluster").asText())
                  .isEqualTo("fleet-kafka");
            });
    JsonNode common = rendering.find("v1", "ConfigMap", "strata-common").orElseThrow().path("data");
    assertThat(common.path("KAFKA_BOOTSTRAP_SERVERS").asText())
        .isEqualTo("fleet-kafka-kafka-bootstrap:9093");
    assertThat(common.path("KAFKA_SECURITY_PROTOCOL").asText()).isEqualTo("SSL");
    assertThat(common.has("KAFKA_SASL_MECHANISM")).isFalse();
    Container correlator = Workloads.of(rendering, "correlator").containers().get(0);
    assertThat(secretRef(correlator, "KAFKA_SSL_KEYSTORE_KEY"))
        .isEqualTo("strata-correlator-kafka/user.key");
    assertThat(secretRef(correlator, "QUARKUS_KAFKA_STREAMS_SSL_KEYSTORE_CERTIFICATE_CHAIN"))
        .isEqualTo("strata-correlator-kafka/user.crt");
    assertThat(secretRef(correlator, "KAFKA_SSL_TRUSTSTORE_CERTIFICATES"))
        .isEqualTo("fleet-kafka-cluster-ca-cert/ca.crt");
  }

  @Test
  void knativeRunsTheRemediatorAndTheConsoleAsSingleInstanceKnativeServices() {
    Rendering rendering = HelmChart.profile("knative");
    for (String service : List.of("remediator", "console")) {
      Workloads workload = Workloads.of(rendering, service);
      assertThat(workload.kind()).as(service).isEqualTo("KnativeService");
      assertThat(workload.replicas()).as(service + " min = max scale").isEqualTo(1);
      assertThat(rendering.find("v1", "Service", "strata-" + service)).as(service).isEmpty();
    }
    assertThat(rendering.find("monitoring.coreos.com/v1", "PodMonitor", "strata-knative"))
        .isPresent();
    assertThat(
            rendering
                .find("v1", "ConfigMap", "strata-console")
                .orElseThrow()
                .at("/data/STRATA_REMEDIATOR_URL")
                .asText())
        .isEqualTo("http://strata-remediator.strata.svc");
  }

  @Test
  void sizing10kTakesScalingMdsFiguresAndPartitionsTheTopicsAlike() {
    Rendering rendering = HelmChart.profile("sizing-10k");
    Workloads correlator = Workloads.of(rendering, "correlator");
    assertThat(correlator.replicas()).isEqualTo(3);
    assertThat(correlator.containers().get(0).getResources().getRequests().get("cpu"))
        .hasToString("1300m");
    assertThat(
            rendering
                .find("v1", "ConfigMap", "strata-correlator")
                .orElseThrow()
                .at("/data/STRATA_CORRELATOR_NODE_PARTITIONS")
                .asText())
        .isEqualTo("12");
    Map<String, Integer> partitions = new java.util.TreeMap<>();
    rendering
        .ofKind(StrimziShapes.API, "KafkaTopic")
        .forEach(
            t ->
                partitions.put(t.at("/spec/topicName").asText(), t.at("/spec/partitions").asInt()));
    assertThat(partitions)
        .containsEntry("strata.device.samples.v1", 12)
        .containsEntry("strata.device.xids.v1", 12)
        .containsEntry("strata.k8s.nodes.v1", 12)
        .containsEntry("strata.traces.spans.v1", 12)
        .containsEntry("strata.incidents.v1", 3);
    assertThat(rendering.ofKind("networking.k8s.io/v1", "NetworkPolicy")).hasSize(6);
    assertThat(rendering.ofKind("monitoring.coreos.com/v1", "ServiceMonitor")).hasSize(1);
    assertThat(rendering.ofKind("monitoring.coreos.com/v1", "PodMonitor")).isEmpty();
  }

  @Test
  void pagerDutyTakesItsRoutingKeyFromTheNamedSecretOnlyWhenOn() {
    Rendering on = HelmChart.profile("pagerduty");
    assertThat(
            on.find("v1", "ConfigMap", "strata-remediator")
                .orElseThrow()
                .at("/data/PAGERDUTY_ENABLED")
                .asText())
        .isEqualTo("true");
    Container remediator = Workloads.of(on, "remediator").containers().get(0);
    assertThat(secretRef(remediator, "PAGERDUTY_ROUTING_KEY"))
        .isEqualTo("oncall-pagerduty/integration-key");
    assertThat(
            remediator.getEnv().stream()
                .filter(e -> e.getName().equals("PAGERDUTY_ROUTING_KEY"))
                .findFirst()
                .orElseThrow()
                .getValueFrom()
                .getSecretKeyRef()
                .getOptional())
        .as("a missing key stops the pod rather than a silent start without paging")
        .isNull();

    Rendering off = HelmChart.profile("default");
    assertThat(
            off.find("v1", "ConfigMap", "strata-remediator")
                .orElseThrow()
                .at("/data/PAGERDUTY_ENABLED")
                .asText())
        .isEqualTo("false");
    assertThat(Workloads.of(off, "remediator").containers().get(0).getEnv())
        .extracting(EnvVar::getName)
        .doesNotContain("PAGERDUTY_ROUTING_KEY");
  }

  @Test
  void aPolicyDocumentIsRenderedAsTheConfigMapTheRemediatorFollowsAndItsRoleReads() {
    Rendering on = HelmChart.profile("remediation-policy");
    assertThat(
            on.find("v1", "ConfigMap", "fleet-remediation-policy")
                .orElseThrow()
                .at("/data/policy.yaml")
                .asText())
        .isEqualTo(
            "rules:\n"
                + "  - name: research-namespace\n"
                + "    match: incident.namespace == \"research\"\n"
                + "    mode: OBSERVE\n");
    assertThat(
            on.find("v1", "ConfigMap", "strata-remediator")
                .orElseThrow()
                .at("/data/STRATA_REMEDIATOR_POLICY_CONFIG_MAP")
                .asText())
        .isEqualTo("fleet-remediation-policy");
    assertThat(
            on.find(Rbac.API, "Role", "strata-remediator-policy")
                .orElseThrow()
                .path("rules")
                .toString())
        .isEqualTo(
            "[{\"apiGroups\":[\"\"],\"resources\":[\"configmaps\"],"
                + "\"resourceNames\":[\"fleet-remediation-policy\"],"
                + "\"verbs\":[\"list\",\"watch\"]}]");

    Rendering off = HelmChart.profile("default");
    assertThat(
            off.find("v1", "ConfigMap", "strata-remediator")
                .orElseThrow()
                .at("/data/STRATA_REMEDIATOR_POLICY_CONFIG_MAP")
                .asText())
        .isEqualTo("strata-remediator-policy");
    assertThat(off.find("v1", "ConfigMap", "strata-remediator-policy"))
        .as("no document, no ConfigMap: every action proposed")
        .isEmpty();
  }

  @ParameterizedTest
  @CsvSource({
    "unknown-sizing, 'sizing: sizing must be one of the following: \"1k\", \"10k\", \"100k\"'",
    "wrong-type, 'correlator.replicas: Invalid type. Expected: [integer,null], given: string'",
    "unknown-key, 'remediator: Additional property replicas is not allowed'"
  })
  void aBadValueFailsWithTheKeyNamed(String file, String message) {
    assertThatThrownBy(
            () ->
                HelmChart.template(
                    HelmChart.PROFILES.resolve("invalid").resolve(file + ".yaml").toAbsolutePath()))
        .hasMessageContaining("values don't meet the specifications of the schema")
        .hasMessageContaining(message);
  }

  /** The services a profile enables (only console-off turns one off). */
  static List<String> enabledServices(String profile) {
    List<String> services = new ArrayList<>(Repo.SERVICES);
    if (!profile.equals("console-off")) {
      services.add("console");
    }
    return services;
  }

  private static void assertRecommended(String where, JsonNode labels) {
    for (String label : RECOMMENDED_LABELS) {
      assertThat(labels.path(label).asText()).as(where + " " + label).isNotBlank();
    }
    assertThat(labels.path("app.kubernetes.io/instance").asText()).as(where).isEqualTo("strata");
    assertThat(labels.path("app.kubernetes.io/part-of").asText()).as(where).isEqualTo("strata");
    assertThat(labels.path("app.kubernetes.io/managed-by").asText()).as(where).isEqualTo("Helm");
    assertThat(labels.path("app.kubernetes.io/version").asText())
        .as(where)
        .isEqualTo("0.1.0-SNAPSHOT");
  }

  private static void assertPath(String where, Probe probe, String path) {
    assertThat(probe).as(where).isNotNull();
    assertThat(probe.getHttpGet().getPath()).as(where).isEqualTo(path);
  }

  private static String secretRef(Container container, String name) {
    EnvVar env =
        container.getEnv().stream()
            .filter(e -> e.getName().equals(name))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no env " + name));
    var ref = env.getValueFrom().getSecretKeyRef();
    return ref.getName() + "/" + ref.getKey();
  }
}
