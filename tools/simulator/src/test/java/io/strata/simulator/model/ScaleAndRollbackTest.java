package io.strata.simulator.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.stream.DoubleStream;
import org.junit.jupiter.api.Test;

/** The remediator's SCALE_OUT (Knative min-scale, Deployment replicas) and Deployment rollback. */
class ScaleAndRollbackTest {

  private static final Instant T0 = Instant.parse("2026-11-30T12:00:00Z");
  private static final String NS = Workloads.INFERENCE_NAMESPACE;

  private final ClusterModel model = new ClusterModel(ClusterShape.defaults(), T0);

  @Test
  void minScaleAboveTheSeededValueAddsPodsOfTheMainRevisionAndLoweringItRemovesThem() {
    Workload knative = model.workload(NS, Workloads.KNATIVE).orElseThrow();
    int baseline = knative.minScaleBaseline();
    assertThat(baseline).isEqualTo(12);
    int before = podsOf(knative).size();

    assertThat(model.setMinScale(NS, Workloads.KNATIVE, baseline + 1)).isTrue();
    PodChanges one = model.takePodChanges();
    assertThat(one.created()).hasSize(1).allMatch(Pod::isScheduled);
    assertThat(one.created().get(0).revision()).isEqualTo(knative.revisions().get(0));
    assertThat(podsOf(knative)).hasSize(before + 1);

    // Three GPUs were free: the fourth extra pod stays Pending, as the scheduler would leave it.
    assertThat(model.setMinScale(NS, Workloads.KNATIVE, baseline + 4)).isTrue();
    PodChanges more = model.takePodChanges();
    assertThat(more.created()).hasSize(3);
    assertThat(more.created()).filteredOn(p -> !p.isScheduled()).hasSize(1);
    assertThat(model.failedSchedulingMessage(1))
        .isEqualTo("0/4 nodes are available: 4 Insufficient nvidia.com/gpu.");
    assertThat(model.setMinScale(NS, Workloads.KNATIVE, baseline + 4)).isFalse();

    // The undo restores the seeded value: every added pod goes, nothing seeded does.
    assertThat(model.setMinScale(NS, Workloads.KNATIVE, baseline)).isTrue();
    PodChanges undone = model.takePodChanges();
    assertThat(undone.deleted()).hasSize(4);
    assertThat(undone.created()).isEmpty();
    assertThat(model.pods()).hasSize(22).allMatch(Pod::isScheduled);
  }

  @Test
  void replicasScaleTheDeploymentOutAndInOnItsActiveVersion() {
    Workload embedder = model.workload(NS, Workloads.DEPLOYMENT).orElseThrow();
    assertThat(podsOf(embedder)).hasSize(4);
    assertThat(model.setReplicas(NS, Workloads.DEPLOYMENT, 5)).isTrue();
    assertThat(podsOf(embedder))
        .hasSize(5)
        .allMatch(p -> p.revision().modelVersion().equals(Workloads.DEPLOYMENT_VERSION));
    assertThat(model.takePodChanges().created()).hasSize(1).allMatch(Pod::isScheduled);
    assertThat(model.setReplicas(NS, Workloads.DEPLOYMENT, 2)).isTrue();
    assertThat(podsOf(embedder)).hasSize(2);
    assertThat(model.takePodChanges().deleted()).hasSize(3);
    assertThat(model.setReplicas(NS, Workloads.DEPLOYMENT, 2)).isFalse();
    // Knative revision Deployments and the DRA workload are not scaled through replicas.
    assertThat(model.setReplicas(NS, Workloads.KNATIVE, 20)).isFalse();
    assertThat(model.setReplicas(Workloads.DRA_NAMESPACE, Workloads.DRA, 3)).isFalse();
  }

  @Test
  void morePodsRunningShortenTheBacklogQueueWait() {
    model.activate(Scenario.QUEUE_BACKLOG, T0);
    double backlogged = p50Queue(knative(model.requests(T0, T0.plusSeconds(60))));
    assertThat(backlogged).isBetween(1150.0, 1250.0);

    // The remediator's scale-out finds no free GPU: the pod is Pending and changes nothing.
    Workload knative = model.workload(NS, Workloads.KNATIVE).orElseThrow();
    model.setMinScale(NS, Workloads.KNATIVE, knative.minScaleBaseline() + 1);
    double pendingOnly = p50Queue(knative(model.requests(T0.plusSeconds(60), T0.plusSeconds(120))));
    assertThat(pendingOnly).isBetween(1150.0, 1250.0);

    // Capacity freed elsewhere lets the scheduler bind Pending serving pods: queue wait drops.
    model.takePodChanges();
    model.setReplicas(NS, Workloads.DEPLOYMENT, 0);
    PodChanges freed = model.takePodChanges();
    assertThat(freed.bound()).hasSize(4).allMatch(p -> p.workload() == knative);
    double moreRunning =
        p50Queue(knative(model.requests(T0.plusSeconds(120), T0.plusSeconds(180))));
    assertThat(moreRunning).isLessThan(backlogged - 200);
    assertThat(model.servingCapacity()).isGreaterThan(0.5);
  }

  @Test
  void backlogQueueWaitFallsWithServingCapacity() {
    assertThat(LatencyModel.backlogQueueMs(8, 8, 0.5)).isEqualTo(1200);
    assertThat(LatencyModel.backlogQueueMs(8, 8, 0.75)).isEqualTo(600);
    assertThat(LatencyModel.backlogQueueMs(8, 8, 1.0)).isZero();
    assertThat(LatencyModel.backlogQueueMs(4, 8, 0.5)).isZero();
    assertThat(LatencyModel.backlogQueueMs(8, 8)).isEqualTo(1200);
  }

  @Test
  void rollbackThroughTheModelVersionReplacesPodsOnTheirGpusAndLoadsFastAgain() {
    Workload embedder = model.workload(NS, Workloads.DEPLOYMENT).orElseThrow();
    List<Pod> before = podsOf(embedder);
    model.activate(Scenario.SLOW_MODEL_LOAD_DEPLOYMENT, T0);
    List<SimulatedRequest> slow = of(embedder, model.requests(T0, T0.plusSeconds(60)));
    assertThat(slow)
        .isNotEmpty()
        .allMatch(r -> r.revision().modelVersion().equals(Workloads.DEPLOYMENT_VERSION))
        .allMatch(r -> r.outcome().stages().modelLoadMs() >= 2500);

    assertThat(model.setModelVersion(NS, Workloads.DEPLOYMENT, "e5-large-v9")).isFalse();
    assertThat(model.setModelVersion(NS, Workloads.DEPLOYMENT, Workloads.DEPLOYMENT_VERSION))
        .isFalse();
    assertThat(
            model.setModelVersion(NS, Workloads.DEPLOYMENT, Workloads.DEPLOYMENT_PREVIOUS_VERSION))
        .isTrue();
    List<Pod> after = podsOf(embedder);
    assertThat(after)
        .hasSize(before.size())
        .allMatch(p -> p.revision().modelVersion().equals(Workloads.DEPLOYMENT_PREVIOUS_VERSION));
    assertThat(after)
        .extracting(p -> p.node() + "/" + p.gpuIndices())
        .containsExactlyInAnyOrderElementsOf(
            before.stream().map(p -> p.node() + "/" + p.gpuIndices()).toList());
    assertThat(after.get(0).name())
        .startsWith(ClusterModel.replicaSetName(embedder, embedder.revisions().get(0)))
        .isNotEqualTo(before.get(0).name());
    PodChanges rollout = model.takePodChanges();
    assertThat(rollout.deleted()).hasSize(before.size());
    assertThat(rollout.created()).hasSize(before.size());

    List<SimulatedRequest> fast =
        of(embedder, model.requests(T0.plusSeconds(60), T0.plusSeconds(120)));
    assertThat(fast)
        .isNotEmpty()
        .allMatch(r -> r.revision().modelVersion().equals(Workloads.DEPLOYMENT_PREVIOUS_VERSION))
        .allMatch(r -> r.pod().revision().modelVersion().equals(r.revision().modelVersion()))
        .allMatch(r -> r.outcome().stages().modelLoadMs() < 5);
    assertThat(model.status().workloads())
        .filteredOn(w -> w.name().equals(Workloads.DEPLOYMENT))
        .singleElement()
        .satisfies(w -> assertThat(w.modelVersion()).isEqualTo("e5-large-v1"));
  }

  @Test
  void requestsHeldAcrossARollbackAreServedByTheNewVersion() {
    Workload embedder = model.workload(NS, Workloads.DEPLOYMENT).orElseThrow();
    model.setWorkloadPaused(NS, Workloads.DEPLOYMENT, true);
    model.requests(T0, T0.plusSeconds(10));
    assertThat(model.status().requestsHeld()).isBetween(35, 45); // 20/s x 20 % x 10 s
    model.setModelVersion(NS, Workloads.DEPLOYMENT, Workloads.DEPLOYMENT_PREVIOUS_VERSION);
    model.setWorkloadPaused(NS, Workloads.DEPLOYMENT, false);
    List<SimulatedRequest> released =
        of(embedder, model.requests(T0.plusSeconds(10), T0.plusSeconds(11)));
    assertThat(released)
        .hasSizeGreaterThan(35)
        .allMatch(r -> r.revision().modelVersion().equals(Workloads.DEPLOYMENT_PREVIOUS_VERSION));
    assertThat(model.status().requestsHeld()).isZero();
  }

  private List<Pod> podsOf(Workload w) {
    return model.pods().stream().filter(p -> p.workload() == w).toList();
  }

  private static List<SimulatedRequest> of(Workload w, List<SimulatedRequest> requests) {
    return requests.stream().filter(r -> r.workload() == w).toList();
  }

  private static List<SimulatedRequest> knative(List<SimulatedRequest> requests) {
    return requests.stream()
        .filter(r -> r.workload().kind() == WorkloadKind.KNATIVE_SERVICE)
        .toList();
  }

  private static double p50Queue(List<SimulatedRequest> requests) {
    double[] sorted =
        requests.stream().mapToDouble(r -> r.outcome().stages().queueWaitMs()).sorted().toArray();
    return DoubleStream.of(sorted).skip(sorted.length / 2).findFirst().orElse(0);
  }
}
