package io.strata.simulator.k8s;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.strata.simulator.model.ClusterModel;
import io.strata.simulator.model.ClusterShape;
import io.strata.simulator.model.ClusterStatus;
import io.strata.simulator.model.Workloads;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The remediator's patches, sent as it sends them (JSON merge patches on generic resources), reach
 * the model through the informers, and the pods the model adds, replaces or binds in reaction
 * appear in the Kubernetes API for k8s-watcher.
 */
class RemediationReactionsTest {

  private static final Instant T0 = Instant.parse("2026-11-30T12:00:00Z");
  private static final String NS = Workloads.INFERENCE_NAMESPACE;
  private static final ResourceDefinitionContext DEPLOYMENTS =
      new ResourceDefinitionContext.Builder()
          .withGroup("apps")
          .withVersion("v1")
          .withKind("Deployment")
          .withPlural("deployments")
          .withNamespaced(true)
          .build();

  private MockKubernetesApi api;
  private KubernetesClient client;
  private ClusterModel model;
  private RemediationWatcher watcher;

  @BeforeEach
  void seed() {
    api = MockKubernetesApi.start("127.0.0.1", 0);
    client = api.newClient();
    model = new ClusterModel(ClusterShape.defaults(), T0);
    ReactionConventions conventions = ReactionConventions.defaults();
    ClusterSeeder seeder = new ClusterSeeder(client, conventions);
    seeder.seed(model, T0);
    PodSync podSync = new PodSync(client, model, seeder);
    watcher =
        new RemediationWatcher(
            client, model, conventions, podSync, Clock.fixed(T0.plusSeconds(5), ZoneOffset.UTC));
    watcher.start();
    await().atMost(Duration.ofSeconds(10)).until(watcher::synced);
  }

  @AfterEach
  void stop() {
    watcher.close();
    client.close();
    api.close();
  }

  @Test
  void knativeMinScaleAddsPodsInTheApiAndTheUndoRemovesThem() {
    GenericKubernetesResource service = knativeService();
    assertThat(templateAnnotations(service))
        .containsEntry("autoscaling.knative.dev/min-scale", "12");
    int before = servingPods().size();
    List<String> seededNames = servingPods().stream().map(p -> p.getMetadata().getName()).toList();

    patchKnative(minScalePatch("13"));
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(() -> assertThat(servingPods()).hasSize(before + 1));
    Pod added =
        servingPods().stream()
            .filter(p -> !seededNames.contains(p.getMetadata().getName()))
            .findFirst()
            .orElseThrow();
    assertThat(added.getStatus().getPhase()).isEqualTo("Running");
    assertThat(added.getSpec().getNodeName()).isNotBlank();
    assertThat(added.getMetadata().getLabels())
        .containsEntry("serving.knative.dev/revision", "llm-serve-00001")
        .containsEntry("model_version", "v1");
    assertThat(added.getMetadata().getOwnerReferences().get(0).getUid())
        .isEqualTo(
            client
                .apps()
                .replicaSets()
                .inNamespace(NS)
                .withName(added.getMetadata().getOwnerReferences().get(0).getName())
                .get()
                .getMetadata()
                .getUid());

    patchKnative(minScalePatch("12"));
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(() -> assertThat(servingPods()).hasSize(before));
    assertThat(client.pods().inNamespace(NS).withName(added.getMetadata().getName()).get())
        .isNull();
  }

  @Test
  void replicasBeyondTheFreeGpusLeaveAPendingPodWithFailedSchedulingThatBindsWhenAGpuFrees() {
    patchKnative(minScalePatch("13")); // takes one of the three free GPUs
    await().atMost(Duration.ofSeconds(10)).until(() -> servingPods().size() == 17);

    patchDeployment("{\"spec\":{\"replicas\":7}}");
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(
            () -> {
              assertThat(embedderPods()).hasSize(7);
              assertThat(failedScheduling()).hasSize(1);
            });
    Pod pending =
        embedderPods().stream()
            .filter(p -> "Pending".equals(p.getStatus().getPhase()))
            .findFirst()
            .orElseThrow();
    assertThat(pending.getSpec().getNodeName()).isNull();
    assertThat(pending.getStatus().getConditions().get(0).getReason()).isEqualTo("Unschedulable");
    Event event = failedScheduling().get(0);
    assertThat(event.getInvolvedObject().getName()).isEqualTo(pending.getMetadata().getName());
    assertThat(event.getInvolvedObject().getUid()).isEqualTo(pending.getMetadata().getUid());
    assertThat(event.getMessage())
        .isEqualTo("0/4 nodes are available: 4 Insufficient nvidia.com/gpu.");
    assertThat(workloadStatus(Workloads.DEPLOYMENT).pendingPods()).isOne();

    // The Knative scale-out is undone: its GPU frees and the scheduler binds the Pending pod.
    patchKnative(minScalePatch("12"));
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(
            () -> {
              Pod bound =
                  client.pods().inNamespace(NS).withName(pending.getMetadata().getName()).get();
              assertThat(bound.getStatus().getPhase()).isEqualTo("Running");
              assertThat(bound.getSpec().getNodeName()).isNotBlank();
            });
    assertThat(servingPods()).hasSize(16);
    assertThat(workloadStatus(Workloads.DEPLOYMENT).pendingPods()).isZero();
    assertThat(workloadStatus(Workloads.DEPLOYMENT).runningPods()).isEqualTo(7);
  }

  @Test
  void deploymentRollbackToThePreviousReplicaSetTemplateReplacesPodsWithThePreviousVersion() {
    Deployment seeded = client.apps().deployments().inNamespace(NS).withName("embedder").get();
    assertThat(seeded.getMetadata().getAnnotations())
        .containsEntry("deployment.kubernetes.io/revision", "2");
    var previous =
        client.apps().replicaSets().inNamespace(NS).list().getItems().stream()
            .filter(
                rs ->
                    "1"
                        .equals(
                            rs.getMetadata()
                                .getAnnotations()
                                .get("deployment.kubernetes.io/revision")))
            .findFirst()
            .orElseThrow();
    assertThat(previous.getSpec().getTemplate().getMetadata().getLabels())
        .containsEntry("strata.io/model-version", "e5-large-v1");
    assertThat(seeded.getSpec().getTemplate().getMetadata().getLabels())
        .containsEntry("strata.io/model-version", "e5-large-v2");
    assertThat(embedderPods())
        .allSatisfy(
            p ->
                assertThat(p.getMetadata().getLabels())
                    .containsEntry("model_version", "e5-large-v2"));
    List<String> oldNames = embedderPods().stream().map(p -> p.getMetadata().getName()).toList();

    // The remediator's ReplicaSetRollback: the template becomes revision 1's (here it differs only
    // in the version label), as kubectl rollout undo does.
    patchDeployment(
        "{\"spec\":{\"template\":{\"metadata\":{\"labels\":"
            + "{\"strata.io/model-version\":\"e5-large-v1\"}}}}}");
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(
            () ->
                assertThat(embedderPods())
                    .hasSize(oldNames.size())
                    .allSatisfy(
                        p ->
                            assertThat(p.getMetadata().getLabels())
                                .containsEntry("model_version", "e5-large-v1")
                                .containsEntry("strata.io/model-version", "e5-large-v1")));
    assertThat(embedderPods()).noneMatch(p -> oldNames.contains(p.getMetadata().getName()));
    String replicaSet = embedderPods().get(0).getMetadata().getOwnerReferences().get(0).getName();
    assertThat(client.apps().replicaSets().inNamespace(NS).withName(replicaSet).get())
        .isNotNull()
        .satisfies(
            rs ->
                assertThat(rs.getMetadata().getOwnerReferences().get(0).getName())
                    .isEqualTo("embedder"));
    assertThat(workloadStatus(Workloads.DEPLOYMENT).modelVersion()).isEqualTo("e5-large-v1");
    assertThat(
            model.requests(T0.plusSeconds(10), T0.plusSeconds(40)).stream()
                .filter(r -> r.workload().name().equals(Workloads.DEPLOYMENT)))
        .isNotEmpty()
        .allMatch(r -> r.revision().modelVersion().equals("e5-large-v1"));
  }

  @Test
  void aPodWhoseReadinessGateIsFalseGetsNoRequests() {
    Pod target = servingPods().get(0);
    assertThat(target.getSpec().getReadinessGates())
        .extracting(g -> g.getConditionType())
        .containsExactly("strata.io/serving");
    int gate = 0;
    while (!target.getStatus().getConditions().get(gate).getType().equals("strata.io/serving")) {
      gate++;
    }
    // What the remediator's PodTrafficGate sends to pods/status.
    client
        .pods()
        .inNamespace(NS)
        .withName(target.getMetadata().getName())
        .subresource("status")
        .patch(
            PatchContext.of(PatchType.JSON),
            "[{\"op\":\"replace\",\"path\":\"/status/conditions/"
                + gate
                + "/status\",\"value\":\"False\"}]");
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(() -> assertThat(workloadStatus(Workloads.KNATIVE).pausedPods()).isOne());
    assertThat(model.requests(T0.plusSeconds(10), T0.plusSeconds(70)))
        .isNotEmpty()
        .noneMatch(r -> r.pod().name().equals(target.getMetadata().getName()));
    assertThat(model.status().requestsHeld()).isZero();
  }

  private ClusterStatus.WorkloadStatus workloadStatus(String name) {
    return model.status().workloads().stream()
        .filter(w -> w.name().equals(name))
        .findFirst()
        .orElseThrow();
  }

  private static String minScalePatch(String value) {
    return "{\"spec\":{\"template\":{\"metadata\":{\"annotations\":"
        + "{\"autoscaling.knative.dev/min-scale\":\""
        + value
        + "\"}}}}}";
  }

  private void patchKnative(String patch) {
    client
        .genericKubernetesResources(MockKubernetesApi.KNATIVE_SERVICES)
        .inNamespace(NS)
        .withName(Workloads.KNATIVE)
        .patch(PatchContext.of(PatchType.JSON_MERGE), patch);
  }

  private void patchDeployment(String patch) {
    client
        .genericKubernetesResources(DEPLOYMENTS)
        .inNamespace(NS)
        .withName(Workloads.DEPLOYMENT)
        .patch(PatchContext.of(PatchType.JSON_MERGE), patch);
  }

  private GenericKubernetesResource knativeService() {
    return client
        .genericKubernetesResources(MockKubernetesApi.KNATIVE_SERVICES)
        .inNamespace(NS)
        .withName(Workloads.KNATIVE)
        .get();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> templateAnnotations(GenericKubernetesResource service) {
    Map<String, Object> spec = (Map<String, Object>) service.getAdditionalProperties().get("spec");
    Map<String, Object> template = (Map<String, Object>) spec.get("template");
    Map<String, Object> metadata = (Map<String, Object>) template.get("metadata");
    return (Map<String, Object>) metadata.get("annotations");
  }

  private List<Pod> servingPods() {
    return client
        .pods()
        .inNamespace(NS)
        .withLabel("serving.knative.dev/service", Workloads.KNATIVE)
        .list()
        .getItems();
  }

  private List<Pod> embedderPods() {
    return client.pods().inNamespace(NS).withLabel("app", Workloads.DEPLOYMENT).list().getItems();
  }

  private List<Event> failedScheduling() {
    return client.v1().events().inNamespace(NS).list().getItems().stream()
        .filter(e -> "FailedScheduling".equals(e.getReason()))
        .toList();
  }
}
