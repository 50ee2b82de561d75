package io.strata.deploycheck;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.openshift.api.model.monitoring.v1.PodMonitor;
import io.strata.deploycheck.kustomize.Rendering;
import io.strata.deploycheck.kustomize.ResourceId;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/** Every overlay renders, binds to fabric8's typed models, and runs each service properly. */
class OverlaysTest {

  static final List<String> OVERLAYS = Repo.OVERLAYS;

  @ParameterizedTest
  @FieldSource("OVERLAYS")
  void everyObjectBindsToItsTypedModelWithoutUnknownFields(String overlay) {
    Rendering rendering = Repo.overlay(overlay);
    assertThat(rendering.objects()).hasSizeGreaterThan(30);
    for (ObjectNode object : rendering.objects()) {
      if (StrimziShapes.handles(object)) {
        StrimziShapes.check(object);
      } else {
        Class<?> model =
            TypedModels.modelOf(object)
                .orElseThrow(
                    () -> new AssertionError(ResourceId.of(object) + ": no typed model known"));
        TypedModels.bind(object, model);
      }
    }
  }

  @ParameterizedTest
  @FieldSource("OVERLAYS")
  void everyNamespacedObjectIsInTheStrataNamespace(String overlay) {
    Rendering rendering = Repo.overlay(overlay);
    assertThat(rendering.find("v1", "Namespace", "strata")).isPresent();
    Set<String> clusterScoped = Set.of("Namespace", "ClusterRole", "ClusterRoleBinding");
    for (ObjectNode object : rendering.objects()) {
      String namespace = object.path("metadata").path("namespace").asText(null);
      if (clusterScoped.contains(object.path("kind").asText())) {
        assertThat(namespace).as(ResourceId.of(object).toString()).isNull();
      } else {
        assertThat(namespace).as(ResourceId.of(object).toString()).isEqualTo("strata");
      }
    }
  }

  @ParameterizedTest
  @FieldSource("OVERLAYS")
  void everyServiceHasItsImageProbesResourcesAndAccount(String overlay) {
    Rendering rendering = Repo.overlay(overlay);
    for (String service : Repo.SERVICES) {
      Workloads workload = Workloads.of(rendering, service);
      String where = overlay + "/" + service;
      assertThat(workload.containers()).as(where).hasSize(1);
      Container container = workload.containers().get(0);
      String application =
          Repo.applicationProperties(service).getProperty("quarkus.application.name");
      int httpPort =
          Integer.parseInt(Repo.applicationProperties(service).getProperty("quarkus.http.port"));

      assertThat(container.getImage())
          .as(where + " image: the Jib image name strata/<quarkus.application.name>")
          .startsWith("strata/" + application + ":");
      ContainerPort http =
          container.getPorts().stream()
              .filter(p -> p.getContainerPort() == httpPort)
              .findFirst()
              .orElseThrow(() -> new AssertionError(where + ": no container port " + httpPort));
      assertProbe(where, "liveness", container.getLivenessProbe(), "/q/health/live", http);
      assertProbe(where, "readiness", container.getReadinessProbe(), "/q/health/ready", http);
      if (!workload.knative()) {
        assertProbe(where, "startup", container.getStartupProbe(), "/q/health/started", http);
      }

      assertThat(container.getResources().getRequests())
          .as(where + " requests")
          .containsKeys("cpu", "memory");
      assertThat(container.getResources().getLimits()).as(where + " limits").containsKey("memory");
      assertThat(container.getSecurityContext().getAllowPrivilegeEscalation()).as(where).isFalse();
      assertThat(container.getSecurityContext().getCapabilities().getDrop())
          .as(where)
          .containsExactly("ALL");
      Boolean nonRoot =
          container.getSecurityContext().getRunAsNonRoot() != null
              ? container.getSecurityContext().getRunAsNonRoot()
              : workload.podRunAsNonRoot();
      assertThat(nonRoot).as(where + " runAsNonRoot").isTrue();

      assertThat(workload.serviceAccountName()).as(where).isEqualTo("strata-" + service);
      ServiceAccount account =
          TypedModels.bind(
              rendering
                  .find("v1", "ServiceAccount", workload.serviceAccountName())
                  .orElseThrow(() -> new AssertionError(where + ": service account not rendered")),
              ServiceAccount.class);
      List<ObjectNode> bindings = Rbac.bindingsOf(rendering, account);
      if (Repo.KUBERNETES_CLIENTS.contains(service)) {
        assertThat(bindings).as(where + ": the account is bound to its role").isNotEmpty();
        bindings.forEach(binding -> assertThat(Rbac.roleOf(rendering, binding)).isPresent());
      } else {
        assertThat(bindings).as(where + ": no API access").isEmpty();
        assertThat(account.getAutomountServiceAccountToken()).as(where).isFalse();
        assertThat(workload.automountToken()).as(where).isFalse();
      }
    }
  }

  @ParameterizedTest
  @FieldSource("OVERLAYS")
  void configurationReferencesResolve(String overlay) {
    Rendering rendering = Repo.overlay(overlay);
    for (String service : Repo.SERVICES) {
      Container container = Workloads.of(rendering, service).containers().get(0);
      String where = overlay + "/" + service;
      container
          .getEnvFrom()
          .forEach(
              source -> {
                if (source.getConfigMapRef() != null) {
                  assertThat(rendering.find("v1", "ConfigMap", source.getConfigMapRef().getName()))
                      .as(where + " envFrom " + source.getConfigMapRef().getName())
                      .isPresent();
                }
                if (source.getSecretRef() != null) {
                  assertThat(source.getSecretRef().getOptional())
                      .as(where + ": Secrets are created by hand (docs/DEPLOY.md), so optional")
                      .isTrue();
                }
              });
      container.getEnv().stream()
          .filter(env -> env.getValueFrom() != null)
          .forEach(
              env -> {
                if (env.getValueFrom().getFieldRef() != null) {
                  assertThat(env.getValueFrom().getFieldRef().getFieldPath())
                      .as(where + " " + env.getName())
                      .isIn("status.podIP", "metadata.name", "metadata.namespace", "spec.nodeName");
                  return;
                }
                var secret = env.getValueFrom().getSecretKeyRef();
                if (secret != null) {
                  assertThat(strimziSecretKeys(rendering, secret.getName()))
                      .as(where + " " + env.getName() + ": a Secret Strimzi writes, with its key")
                      .contains(secret.getKey());
                  return;
                }
                var ref = env.getValueFrom().getConfigMapKeyRef();
                assertThat(ref).as(where + " " + env.getName()).isNotNull();
                JsonNode configMap =
                    rendering
                        .find("v1", "ConfigMap", ref.getName())
                        .orElseThrow(() -> new AssertionError(where + ": " + ref.getName()));
                assertThat(configMap.path("data").has(ref.getKey()))
                    .as(where + " " + env.getName() + " -> " + ref.getName() + "/" + ref.getKey())
                    .isTrue();
              });
    }
  }

  /**
   * The keys of a Secret the Strimzi operators write for this rendering: a SCRAM KafkaUser's (named
   * like the user: password, sasl.jaas.config) or a Kafka CR's cluster CA certificate
   * (&lt;cluster&gt;-cluster-ca-cert: ca.crt, ca.p12, ca.password). None for any other name.
   */
  private static Set<String> strimziSecretKeys(Rendering rendering, String name) {
    if (rendering.find(StrimziShapes.API, "KafkaUser", name).isPresent()) {
      return Set.of("password", "sasl.jaas.config");
    }
    boolean clusterCa =
        rendering.ofKind(StrimziShapes.API, "Kafka").stream()
            .anyMatch(k -> name.equals(k.at("/metadata/name").asText() + "-cluster-ca-cert"));
    return clusterCa ? Set.of("ca.crt", "ca.p12", "ca.password") : Set.of();
  }

  @ParameterizedTest
  @FieldSource("OVERLAYS")
  void servicesSelectPodsAndNamePortsTheyHave(String overlay) {
    Rendering rendering = Repo.overlay(overlay);
    List<ObjectNode> services = rendering.ofKind("v1", "Service");
    assertThat(services).isNotEmpty();
    for (ObjectNode node : services) {
      Service service = TypedModels.bind(node, Service.class);
      Deployment target = selectedDeployment(rendering, service.getSpec().getSelector());
      Set<String> portNames = new HashSet<>();
      target.getSpec().getTemplate().getSpec().getContainers().stream()
          .flatMap(c -> c.getPorts().stream())
          .forEach(p -> portNames.add(p.getName()));
      service
          .getSpec()
          .getPorts()
          .forEach(
              port ->
                  assertThat(portNames)
                      .as(overlay + " " + service.getMetadata().getName())
                      .contains(port.getTargetPort().getStrVal()));
    }
  }

  @ParameterizedTest
  @FieldSource("OVERLAYS")
  void disruptionBudgetsOnlyGuardReplicatedWorkloads(String overlay) {
    Rendering rendering = Repo.overlay(overlay);
    for (ObjectNode node : rendering.ofKind("policy/v1", "PodDisruptionBudget")) {
      PodDisruptionBudget pdb = TypedModels.bind(node, PodDisruptionBudget.class);
      Deployment target =
          selectedDeployment(rendering, pdb.getSpec().getSelector().getMatchLabels());
      int replicas = target.getSpec().getReplicas();
      String where = overlay + " " + pdb.getMetadata().getName();
      assertThat(replicas).as(where + ": a PDB on one replica blocks drains").isGreaterThan(1);
      IntOrString minAvailable = pdb.getSpec().getMinAvailable();
      if (minAvailable != null) {
        assertThat(minAvailable.getIntVal()).as(where).isLessThan(replicas);
      } else {
        assertThat(pdb.getSpec().getMaxUnavailable().getIntVal()).as(where).isPositive();
      }
    }
  }

  @Test
  void theKnativeOverlayRunsTheRemediatorAsOneKnativeInstance() {
    Rendering rendering = Repo.overlay("knative");
    Workloads remediator = Workloads.of(rendering, "remediator");
    assertThat(remediator.knative()).isTrue();
    assertThat(remediator.replicas()).as("min-scale = max-scale").isEqualTo(1);
    assertThat(rendering.find("v1", "Service", "strata-remediator"))
        .as("Knative creates its own Service of that name")
        .isEmpty();
    for (String other : List.of("device-ingest", "k8s-watcher", "trace-ingest", "correlator")) {
      assertThat(Workloads.of(rendering, other).knative()).as(other).isFalse();
    }
  }

  @Test
  void theKnativeRemediatorRunsWithTheDeploymentsSettings() {
    Container deployment = Workloads.of(Repo.overlay("plain"), "remediator").containers().get(0);
    Container knative = Workloads.of(Repo.overlay("knative"), "remediator").containers().get(0);
    assertThat(knative.getImage()).isEqualTo(deployment.getImage());
    assertThat(knative.getEnv()).isEqualTo(deployment.getEnv());
    assertThat(knative.getEnvFrom()).isEqualTo(deployment.getEnvFrom());
    assertThat(knative.getResources()).isEqualTo(deployment.getResources());
    assertThat(knative.getPorts().get(0).getContainerPort())
        .isEqualTo(deployment.getPorts().get(0).getContainerPort());
  }

  @Test
  void replicatedCorrelatorsAdvertiseTheirPodAddressForQueryRouting() {
    for (String overlay : OVERLAYS) {
      Container correlator = Workloads.of(Repo.overlay(overlay), "correlator").containers().get(0);
      assertThat(correlator.getEnv())
          .as(overlay + ": strata.correlator.advertised-server host = the pod IP")
          .anySatisfy(
              env -> {
                assertThat(env.getName()).isEqualTo("STRATA_CORRELATOR_ADVERTISED_HOST");
                assertThat(env.getValueFrom().getFieldRef().getFieldPath())
                    .isEqualTo("status.podIP");
              });
    }
  }

  @ParameterizedTest
  @FieldSource("OVERLAYS")
  void thePodMonitorScrapesEveryDeploymentsMetricsPort(String overlay) {
    Rendering rendering = Repo.overlay(overlay);
    PodMonitor monitor =
        TypedModels.bind(
            rendering.find("monitoring.coreos.com/v1", "PodMonitor", "strata").orElseThrow(),
            PodMonitor.class);
    var endpoint = monitor.getSpec().getPodMetricsEndpoints().get(0);
    assertThat(endpoint.getPath()).isEqualTo("/q/metrics");
    Map<String, String> selector = monitor.getSpec().getSelector().getMatchLabels();
    for (String service : Repo.SERVICES) {
      Workloads workload = Workloads.of(rendering, service);
      if (workload.knative()) {
        continue;
      }
      assertThat(workload.podMetadata().getLabels().entrySet())
          .as(overlay + "/" + service + " selected by the PodMonitor")
          .containsAll(selector.entrySet());
      int httpPort =
          Integer.parseInt(Repo.applicationProperties(service).getProperty("quarkus.http.port"));
      assertThat(workload.containers().get(0).getPorts())
          .as(overlay + "/" + service + ": port " + endpoint.getPort() + " is quarkus.http.port")
          .anySatisfy(
              port -> {
                assertThat(port.getName()).isEqualTo(endpoint.getPort());
                assertThat(port.getContainerPort()).isEqualTo(httpPort);
              });
    }
  }

  @ParameterizedTest
  @FieldSource("OVERLAYS")
  void rolesExistOnlyForTheApiClientsAndGrantNothingDangerous(String overlay) {
    Rendering rendering = Repo.overlay(overlay);
    List<ObjectNode> roles = new java.util.ArrayList<>(rendering.ofKind(Rbac.API, "ClusterRole"));
    // The remediator's leader election (ADR 009) gets its own Role, for its Lease only; a service
    // may also have a ClusterRole and a namespaced Role of the same name (device-ingest: its shard
    // member Leases live in Strata's namespace).
    // Its policy ConfigMap (docs/POLICY.md) gets one too: read-only, that one name.
    List<ObjectNode> leaseRoles = new java.util.ArrayList<>();
    List<ObjectNode> policyRoles = new java.util.ArrayList<>();
    for (ObjectNode role : rendering.ofKind(Rbac.API, "Role")) {
      String name = role.at("/metadata/name").asText();
      (name.equals("strata-remediator-lease")
              ? leaseRoles
              : name.equals("strata-remediator-policy") ? policyRoles : roles)
          .add(role);
    }
    assertThat(leaseRoles).as(overlay + ": the remediator's Lease role").hasSize(1);
    assertThat(leaseRoles.get(0).path("rules").toString())
        .isEqualTo(
            "[{\"apiGroups\":[\"coordination.k8s.io\"],\"resources\":[\"leases\"],"
                + "\"verbs\":[\"get\",\"create\",\"patch\"]}]");
    String policyMap =
        rendering
            .find("v1", "ConfigMap", "strata-remediator")
            .orElseThrow()
            .at("/data/STRATA_REMEDIATOR_POLICY_CONFIG_MAP")
            .asText();
    assertThat(policyMap)
        .as(overlay + ": the policy ConfigMap's name")
        .isEqualTo("strata-remediator-policy");
    assertThat(policyRoles).as(overlay + ": the remediator's policy role").hasSize(1);
    assertThat(policyRoles.get(0).path("rules").toString())
        .as(overlay + ": reads the policy ConfigMap the remediator follows, nothing else")
        .isEqualTo(
            "[{\"apiGroups\":[\"\"],\"resources\":[\"configmaps\"],"
                + "\"resourceNames\":[\""
                + policyMap
                + "\"],\"verbs\":[\"list\",\"watch\"]}]");
    assertThat(roles.stream().map(r -> r.at("/metadata/name").asText()).distinct().toList())
        .as(overlay + ": a role per service that calls the Kubernetes API, no other")
        .containsExactlyInAnyOrderElementsOf(
            Repo.KUBERNETES_CLIENTS.stream().map(s -> "strata-" + s).toList());
    Set<String> allowedVerbs = Set.of("get", "list", "watch", "patch");
    // Writing its own coordination Leases (membership, leader election) needs create, update and
    // delete; nothing else may.
    Set<String> leaseVerbs = Set.of("get", "list", "watch", "patch", "create", "update", "delete");
    for (ObjectNode role : roles) {
      String where = overlay + " " + role.at("/metadata/name").asText();
      for (JsonNode rule : role.path("rules")) {
        assertThat(rule.has("nonResourceURLs")).as(where).isFalse();
        assertThat(rule.has("resourceNames")).as(where).isFalse();
        rule.path("apiGroups").forEach(g -> assertThat(g.asText()).as(where).isNotEqualTo("*"));
        rule.path("resources")
            .forEach(r -> assertThat(r.asText()).as(where).isNotIn("*", "secrets", "pods/exec"));
        boolean onlyLeases =
            rule.path("apiGroups").size() == 1
                && rule.path("apiGroups").get(0).asText().equals("coordination.k8s.io")
                && rule.path("resources").size() == 1
                && rule.path("resources").get(0).asText().equals("leases")
                && role.at("/kind").asText().equals("Role");
        Set<String> verbs = onlyLeases ? leaseVerbs : allowedVerbs;
        rule.path("verbs").forEach(v -> assertThat(v.asText()).as(where).isIn(verbs));
      }
    }
  }

  @Test
  void deviceIngestIsAShardedStatefulSet() {
    // Issue 14: replicas share the exporters by Lease membership (ADR 008); without sharding on,
    // every replica would scrape every target.
    for (String overlay : OVERLAYS) {
      Rendering rendering = Repo.overlay(overlay);
      Workloads workload = Workloads.of(rendering, "device-ingest");
      assertThat(workload.kind()).as(overlay).isEqualTo("StatefulSet");
      assertThat(workload.replicas()).as(overlay).isEqualTo(overlay.equals("local") ? 1 : 2);
      assertThat(
              rendering
                  .find("v1", "ConfigMap", "strata-device-ingest")
                  .orElseThrow()
                  .at("/data/STRATA_DEVICE_INGEST_SHARDING_ENABLED")
                  .asText())
          .as(overlay)
          .isEqualTo("true");
    }
  }

  @Test
  void singleInstanceServicesNeverRunTwice() {
    for (String overlay : OVERLAYS) {
      for (String service : List.of("k8s-watcher", "remediator")) {
        Workloads workload = Workloads.of(Repo.overlay(overlay), service);
        assertThat(workload.replicas()).as(overlay + "/" + service).isEqualTo(1);
        if (!workload.knative()) {
          Deployment deployment =
              TypedModels.bind(
                  Repo.overlay(overlay)
                      .find("apps/v1", "Deployment", "strata-" + service)
                      .orElseThrow(),
                  Deployment.class);
          assertThat(deployment.getSpec().getStrategy().getType())
              .as(overlay + "/" + service + ": an update must not run two side by side")
              .isEqualTo("Recreate");
        }
      }
    }
  }

  @Test
  void imagesAreTheNamesTheJibProfileBuilds() {
    String pom = Repo.read(Repo.ROOT.resolve("services/pom.xml"));
    Matcher group =
        Pattern.compile("<strata.image.group>([^<]+)</strata.image.group>").matcher(pom);
    assertThat(group.find()).as("services/pom.xml profile image sets strata.image.group").isTrue();
    assertThat(pom)
        .contains(
            "<quarkus.container-image.group>${strata.image.group}</quarkus.container-image.group>")
        .contains("<strata.image.tag>${project.version}</strata.image.tag>");
    String version = System.getProperty("strata.version");
    for (String overlay : OVERLAYS) {
      for (String service : Repo.SERVICES) {
        String application =
            Repo.applicationProperties(service).getProperty("quarkus.application.name");
        assertThat(Workloads.of(Repo.overlay(overlay), service).containers().get(0).getImage())
            .as(overlay + "/" + service + ": <group>/<quarkus.application.name>:<version>")
            .isEqualTo(group.group(1) + "/" + application + ":" + version);
      }
    }
  }

  @Test
  void everyFileUnderDeployIsUsedByAnOverlay() throws IOException {
    Set<Path> used = new HashSet<>();
    OVERLAYS.forEach(overlay -> used.addAll(Repo.overlay(overlay).files()));
    try (Stream<Path> files = Files.walk(Repo.DEPLOY)) {
      List<Path> unused =
          files
              .filter(Files::isRegularFile)
              .filter(f -> f.toString().matches(".*\\.(ya?ml|json)$"))
              .map(f -> f.toAbsolutePath().normalize())
              .filter(f -> !used.contains(f))
              .toList();
      assertThat(unused).as("files no overlay renders").isEmpty();
    }
  }

  /** The Deployment (or a StatefulSet, seen as one) whose pods the selector selects. */
  private static Deployment selectedDeployment(Rendering rendering, Map<String, String> selector) {
    java.util.stream.Stream<Deployment> statefulSets =
        rendering.ofKind("apps/v1", "StatefulSet").stream()
            .map(d -> TypedModels.bind(d, io.fabric8.kubernetes.api.model.apps.StatefulSet.class))
            .map(
                ss ->
                    new io.fabric8.kubernetes.api.model.apps.DeploymentBuilder()
                        .withMetadata(ss.getMetadata())
                        .withNewSpec()
                        .withReplicas(ss.getSpec().getReplicas())
                        .withTemplate(ss.getSpec().getTemplate())
                        .endSpec()
                        .build());
    List<Deployment> matches =
        java.util.stream.Stream.concat(
                rendering.ofKind("apps/v1", "Deployment").stream()
                    .map(d -> TypedModels.bind(d, Deployment.class)),
                statefulSets)
            .filter(
                d ->
                    d.getSpec()
                        .getTemplate()
                        .getMetadata()
                        .getLabels()
                        .entrySet()
                        .containsAll(selector.entrySet()))
            .toList();
    assertThat(matches).as("Deployments selected by " + selector).hasSize(1);
    return matches.get(0);
  }

  private static void assertProbe(
      String where, String kind, Probe probe, String path, ContainerPort http) {
    assertThat(probe).as(where + " " + kind + " probe").isNotNull();
    assertThat(probe.getHttpGet().getPath()).as(where + " " + kind).isEqualTo(path);
    IntOrString port = probe.getHttpGet().getPort();
    if (port != null) {
      boolean samePort =
          port.getIntVal() != null
              ? port.getIntVal().equals(http.getContainerPort())
              : port.getStrVal().equals(http.getName());
      assertThat(samePort).as(where + " " + kind + " probe on quarkus.http.port").isTrue();
    }
  }
}
