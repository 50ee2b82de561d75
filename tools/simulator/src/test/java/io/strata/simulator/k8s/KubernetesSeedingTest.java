package io.strata.simulator.k8s;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.strata.simulator.model.ClusterModel;
import io.strata.simulator.model.ClusterShape;
import io.strata.simulator.model.Scenario;
import io.strata.simulator.model.ScenarioTransition;
import io.strata.simulator.model.Workloads;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KubernetesSeedingTest {

  private static final Instant T0 = Instant.parse("2026-11-30T12:00:00Z");

  private MockKubernetesApi api;
  private KubernetesClient client;
  private ClusterModel model;
  private ClusterSeeder seeder;

  @BeforeAll
  void seed() {
    api = MockKubernetesApi.start("127.0.0.1", 0);
    client = api.newClient();
    model = new ClusterModel(ClusterShape.defaults(), T0);
    seeder = new ClusterSeeder(client);
    seeder.seed(model, T0);
  }

  @AfterAll
  void stop() {
    client.close();
    api.close();
  }

  @Test
  void nodesCarryGpuCapacityAndProduct() {
    List<io.fabric8.kubernetes.api.model.Node> nodes = client.nodes().list().getItems();
    assertThat(nodes).hasSize(4);
    assertThat(nodes.get(0).getStatus().getCapacity().get("nvidia.com/gpu").getAmount())
        .isEqualTo("8");
    assertThat(nodes.get(0).getMetadata().getLabels())
        .containsEntry("nvidia.com/gpu.product", "NVIDIA-H100-80GB-HBM3");
  }

  @Test
  void deploymentPodsHangOffReplicaSetsOwnedByTheDeployment() {
    Pod pod =
        client
            .pods()
            .inNamespace("inference")
            .withLabel("app", Workloads.DEPLOYMENT)
            .list()
            .getItems()
            .get(0);
    assertThat(pod.getStatus().getPhase()).isEqualTo("Running");
    assertThat(pod.getSpec().getNodeName()).startsWith("gpu-node-");
    var owner = pod.getMetadata().getOwnerReferences().get(0);
    assertThat(owner.getKind()).isEqualTo("ReplicaSet");
    ReplicaSet rs =
        client.apps().replicaSets().inNamespace("inference").withName(owner.getName()).get();
    assertThat(rs.getMetadata().getUid()).isEqualTo(owner.getUid());
    assertThat(rs.getMetadata().getOwnerReferences().get(0).getKind()).isEqualTo("Deployment");
    assertThat(rs.getMetadata().getOwnerReferences().get(0).getName())
        .isEqualTo(Workloads.DEPLOYMENT);
    assertThat(pod.getSpec().getContainers().get(0).getResources().getLimits())
        .containsKey("nvidia.com/gpu");
  }

  @Test
  void knativeServiceRevisionsAndRevisionLabelledPods() {
    GenericKubernetesResource service =
        client
            .genericKubernetesResources(MockKubernetesApi.KNATIVE_SERVICES)
            .inNamespace("inference")
            .withName(Workloads.KNATIVE)
            .get();
    assertThat(KnativeSpec.read(service).containerConcurrency()).isEqualTo(8);
    assertThat(KnativeSpec.read(service).traffic("llm-serve-00002"))
        .isEqualTo(Map.of("llm-serve-00001", 90, "llm-serve-00002", 10));
    assertThat(
            client
                .genericKubernetesResources(MockKubernetesApi.KNATIVE_REVISIONS)
                .inNamespace("inference")
                .list()
                .getItems())
        .extracting(
            r -> r.getMetadata().getLabels().get("serving.knative.dev/configurationGeneration"))
        .containsExactlyInAnyOrder("1", "2");
    List<Pod> pods =
        client
            .pods()
            .inNamespace("inference")
            .withLabel("serving.knative.dev/revision", "llm-serve-00002")
            .list()
            .getItems();
    assertThat(pods).isNotEmpty();
    assertThat(pods.get(0).getMetadata().getLabels())
        .containsEntry("serving.knative.dev/service", "llm-serve")
        .containsEntry("serving.knative.dev/configuration", "llm-serve")
        .containsEntry("model_version", "v2");
  }

  @Test
  void jobPodsAreOwnedByTheJob() {
    Pod pod = client.pods().inNamespace("training").list().getItems().get(0);
    assertThat(pod.getMetadata().getOwnerReferences().get(0).getKind()).isEqualTo("Job");
    assertThat(pod.getMetadata().getLabels())
        .containsEntry("batch.kubernetes.io/job-name", Workloads.JOB);
  }

  @Test
  void draPodHoldsAnAllocatedReservedClaimOnASlicedDevice() {
    ResourceClaim claim =
        client
            .resources(ResourceClaim.class)
            .inNamespace(Workloads.DRA_NAMESPACE)
            .list()
            .getItems()
            .get(0);
    var result = claim.getStatus().getAllocation().getDevices().getResults().get(0);
    assertThat(result.getDriver()).isEqualTo("gpu.nvidia.com");
    Pod pod = client.pods().inNamespace(Workloads.DRA_NAMESPACE).list().getItems().get(0);
    assertThat(claim.getStatus().getReservedFor().get(0).getUid())
        .isEqualTo(pod.getMetadata().getUid());
    assertThat(pod.getSpec().getResourceClaims().get(0).getResourceClaimName())
        .isEqualTo(claim.getMetadata().getName());
    assertThat(result.getPool()).isEqualTo(pod.getSpec().getNodeName());
    ResourceSlice slice =
        client.resources(ResourceSlice.class).list().getItems().stream()
            .filter(s -> s.getSpec().getNodeName().equals(result.getPool()))
            .findFirst()
            .orElseThrow();
    assertThat(slice.getSpec().getDevices())
        .anySatisfy(d -> assertThat(d.getName()).isEqualTo(result.getDevice()));
  }

  @Test
  void apiDiscoveryServesDraAndKnativeResources() {
    assertThat(client.getApiResources("resource.k8s.io/v1").getResources())
        .extracting(r -> r.getName())
        .contains("resourceclaims", "resourceslices");
    assertThat(client.getApiResources("serving.knative.dev/v1").getResources())
        .extracting(r -> r.getName())
        .contains("services", "revisions");
  }

  @Test
  void apiDiscoveryAnswersLikeAClusterServingKueueV1beta2() {
    assertThat(client.getAPIVersions().getVersions()).containsExactly("v1");
    assertThat(client.getApiResources("v1").getResources())
        .extracting(r -> r.getName())
        .contains("nodes", "pods", "pods/status");
    assertThat(client.getApiGroups().getGroups())
        .extracting(g -> g.getName())
        .contains("apps", "batch", "kueue.x-k8s.io", "resource.k8s.io", "serving.knative.dev");
    assertThat(client.getApiGroup("kueue.x-k8s.io").getPreferredVersion().getVersion())
        .isEqualTo("v1beta2");
    assertThat(client.getApiGroup("kueue.x-k8s.io").getVersions())
        .extracting(v -> v.getVersion())
        .containsExactly("v1beta2");
    assertThat(client.getApiResources("kueue.x-k8s.io/v1beta2").getResources())
        .extracting(r -> r.getName())
        .contains("localqueues");
    // Not served, as on a real cluster: fabric8 reads the 404 as no document, or no object.
    assertThat(client.getApiResources("kueue.x-k8s.io/v1beta1")).isNull();
    assertThat(client.getApiResources("resource.k8s.io/v1beta1")).isNull();
    assertThat(client.getApiGroup("jobset.x-k8s.io")).isNull();
    assertThat(
            client
                .genericKubernetesResources(
                    new io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext.Builder()
                        .withGroup("kueue.x-k8s.io")
                        .withVersion("v1beta1")
                        .withKind("LocalQueue")
                        .withPlural("localqueues")
                        .withNamespaced(true)
                        .build())
                .inNamespace("default")
                .withName("team-a")
                .get())
        .isNull();
  }

  @Test
  void backlogCreatesPendingPodsWithCountingFailedSchedulingEvents() {
    ScenarioEffects effects = new ScenarioEffects(client, model, seeder);
    ScenarioTransition transition = model.activate(Scenario.QUEUE_BACKLOG, T0);
    effects.apply(transition, T0);
    effects.refreshSchedulingEvents(T0.plusSeconds(10));
    var events =
        client.v1().events().inNamespace("inference").list().getItems().stream()
            .filter(e -> "FailedScheduling".equals(e.getReason()))
            .toList();
    assertThat(events).isNotEmpty();
    assertThat(events.get(0).getCount()).isEqualTo(2);
    assertThat(events.get(0).getMessage())
        .isEqualTo("0/4 nodes are available: 4 Insufficient nvidia.com/gpu.");
    Pod pending =
        client
            .pods()
            .inNamespace("inference")
            .withName(events.get(0).getInvolvedObject().getName())
            .get();
    assertThat(pending.getStatus().getPhase()).isEqualTo("Pending");
    effects.apply(model.activate(Scenario.HEALTHY, T0.plusSeconds(20)), T0.plusSeconds(20));
    assertThat(
            client.pods().inNamespace("inference").withName(pending.getMetadata().getName()).get())
        .isNull();
  }

  @Test
  void quarantineTaintSuspendAndKnativePatchesReachTheModelButNoStrataAnnotation() {
    try (RemediationWatcher watcher =
        new RemediationWatcher(client, model, ReactionConventions.defaults())) {
      watcher.start();
      String node = model.targets().thermalNode();
      client
          .nodes()
          .withName(node)
          .edit(
              n -> {
                n.getSpec()
                    .getTaints()
                    .add(
                        new io.fabric8.kubernetes.api.model.TaintBuilder()
                            .withKey("strata.io/quarantine")
                            .withEffect("NoSchedule")
                            .build());
                return n;
              });
      client
          .batch()
          .v1()
          .jobs()
          .inNamespace(Workloads.JOB_NAMESPACE)
          .withName(Workloads.JOB)
          .edit(
              j -> {
                j.getSpec().setSuspend(true);
                return j;
              });
      client
          .genericKubernetesResources(MockKubernetesApi.KNATIVE_SERVICES)
          .inNamespace("inference")
          .withName(Workloads.KNATIVE)
          .edit(
              s -> {
                @SuppressWarnings("unchecked")
                Map<String, Object> spec =
                    (Map<String, Object>) s.getAdditionalProperties().get("spec");
                @SuppressWarnings("unchecked")
                Map<String, Object> template = (Map<String, Object>) spec.get("template");
                @SuppressWarnings("unchecked")
                Map<String, Object> templateSpec = (Map<String, Object>) template.get("spec");
                templateSpec.put("containerConcurrency", 4);
                spec.put(
                    "traffic", List.of(Map.of("revisionName", "llm-serve-00001", "percent", 100)));
                s.getMetadata().setAnnotations(Map.of("strata.io/pause-batches", "true"));
                return s;
              });
      await()
          .atMost(Duration.ofSeconds(10))
          .untilAsserted(
              () -> {
                assertThat(model.node(node).orElseThrow().cordoned()).isTrue();
                var w = model.workload("inference", Workloads.KNATIVE).orElseThrow();
                assertThat(w.concurrency()).isEqualTo(4);
                assertThat(w.traffic()).isEqualTo(Map.of("llm-serve-00001", 100));
                // The annotation is only Strata's convention: no real server reads it.
                assertThat(w.paused()).isFalse();
                assertThat(
                        model
                            .workload(Workloads.JOB_NAMESPACE, Workloads.JOB)
                            .orElseThrow()
                            .paused())
                    .isTrue();
              });
    }
  }
}
