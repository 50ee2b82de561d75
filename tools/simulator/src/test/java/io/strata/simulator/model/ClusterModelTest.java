package io.strata.simulator.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.DoubleStream;
import org.junit.jupiter.api.Test;

class ClusterModelTest {

  private static final Instant T0 = Instant.parse("2026-11-30T12:00:00Z");

  private final ClusterModel model = new ClusterModel(ClusterShape.defaults(), T0);

  @Test
  void everyWorkloadIsPlacedOnDistinctGpusWithAFewLeftFree() {
    List<Pod> pods = model.pods();
    assertThat(pods).allMatch(Pod::isScheduled);
    long held = pods.stream().mapToLong(p -> p.gpuIndices().size()).sum();
    long distinct =
        pods.stream()
            .flatMap(p -> p.gpuIndices().stream().map(i -> p.node() + "/" + i))
            .distinct()
            .count();
    assertThat(distinct).isEqualTo(held);
    assertThat(held).isEqualTo(29);
    assertThat(pods)
        .extracting(p -> p.workload().kind())
        .contains(
            WorkloadKind.KNATIVE_SERVICE,
            WorkloadKind.DEPLOYMENT,
            WorkloadKind.DRA_DEPLOYMENT,
            WorkloadKind.JOB);
    assertThat(pods.stream().filter(p -> p.draClaim() != null)).hasSize(1);
  }

  @Test
  void newPodsAvoidCordonedNodesAndStayPendingWhenNothingFits() {
    List<Node> nodes = model.nodes();
    for (Node node : nodes.subList(1, nodes.size())) {
      model.setCordoned(node.name(), true);
    }
    ScenarioTransition backlog = model.activate(Scenario.QUEUE_BACKLOG, T0);
    assertThat(backlog.podsAdded()).isNotEmpty();
    assertThat(backlog.podsAdded())
        .filteredOn(Pod::isScheduled)
        .allMatch(p -> p.node().equals(nodes.get(0).name()));
    assertThat(backlog.podsAdded()).anyMatch(p -> !p.isScheduled());
    assertThat(model.failedSchedulingMessage(1))
        .isEqualTo(
            "0/4 nodes are available: 1 Insufficient nvidia.com/gpu, 3 node(s) were unschedulable.");
  }

  @Test
  void backlogLeavesPendingPodsUntilCleared() {
    ScenarioTransition backlog = model.activate(Scenario.QUEUE_BACKLOG, T0);
    List<Pod> pending = backlog.podsAdded().stream().filter(p -> !p.isScheduled()).toList();
    assertThat(pending).isNotEmpty();
    assertThat(model.failedSchedulingMessage(1))
        .isEqualTo("0/4 nodes are available: 4 Insufficient nvidia.com/gpu.");
    ScenarioTransition cleared = model.activate(Scenario.HEALTHY, T0.plusSeconds(60));
    assertThat(cleared.podsRemoved()).containsExactlyInAnyOrderElementsOf(backlog.podsAdded());
    assertThat(model.pods()).allMatch(Pod::isScheduled).hasSize(22);
  }

  @Test
  void xid79MakesTheGpuFailAndItsRequestsTimeOutUntilItsPodIsPaused() {
    Gpu gpu = model.targets().xid79Gpu();
    model.activate(Scenario.XID_79, T0);
    GpuReading reading = reading(gpu, T0.plusSeconds(1));
    assertThat(reading.value(DeviceField.XID_ERRORS)).isEqualTo(79);
    assertThat(reading.health().get(HealthWatch.ALL).value()).isEqualTo(HealthWatch.FAIL);
    assertThat(gpu.xidsWithin(Duration.ofMinutes(5), T0.plusSeconds(1)))
        .extracting(Gpu.XidOccurrence::xid)
        .containsExactly(79);

    List<SimulatedRequest> before = model.requests(T0, T0.plusSeconds(60));
    assertThat(before)
        .filteredOn(r -> r.gpu() == gpu)
        .isNotEmpty()
        .allMatch(r -> r.outcome().failure() == RequestFailure.DEVICE_LOST);

    // A cordon only keeps new pods away: the pods already on the node, the faulty one included,
    // keep taking requests.
    model.setCordoned(gpu.node(), true);
    List<SimulatedRequest> cordoned = model.requests(T0.plusSeconds(60), T0.plusSeconds(120));
    assertThat(cordoned).anyMatch(r -> r.gpu() == gpu);
    assertThat(cordoned)
        .filteredOn(r -> r.gpu() != gpu && r.gpu().node().equals(gpu.node()))
        .isNotEmpty()
        .allMatch(r -> r.outcome().failure() == RequestFailure.NONE);

    Pod faulty = gpu.holder();
    model.setPodPaused(faulty.namespace(), faulty.name(), true);
    List<SimulatedRequest> paused = model.requests(T0.plusSeconds(120), T0.plusSeconds(180));
    assertThat(paused).isNotEmpty().noneMatch(r -> r.gpu() == gpu);
    assertThat(paused).allMatch(r -> r.outcome().failure() == RequestFailure.NONE);
  }

  @Test
  void aTestCanMakeAnotherGpuFallWithTheXid79TargetUntilTheNextSwitch() {
    Gpu target = model.targets().xid79Gpu();
    Gpu other =
        model.nodes().stream()
            .filter(n -> !n.name().equals(target.node()))
            .flatMap(n -> n.gpus().stream())
            .filter(g -> g.holder() != null && g.holder().workload().kind() != WorkloadKind.JOB)
            .findFirst()
            .orElseThrow();
    assertThatThrownBy(() -> model.alsoFallOffTheBus(other, T0))
        .isInstanceOf(IllegalStateException.class);

    model.activate(Scenario.XID_79, T0);
    model.alsoFallOffTheBus(other, T0);
    for (Gpu gpu : List.of(target, other)) {
      GpuReading reading = reading(gpu, T0.plusSeconds(1));
      assertThat(reading.value(DeviceField.XID_ERRORS)).isEqualTo(79);
      assertThat(reading.health().get(HealthWatch.ALL).value()).isEqualTo(HealthWatch.FAIL);
    }
    assertThat(model.requests(T0, T0.plusSeconds(60)))
        .filteredOn(r -> r.gpu() == other)
        .isNotEmpty()
        .allMatch(r -> r.outcome().failure() == RequestFailure.DEVICE_LOST);

    model.activate(Scenario.HEALTHY, T0.plusSeconds(60));
    assertThat(reading(other, T0.plusSeconds(61)).health().get(HealthWatch.ALL))
        .isEqualTo(HealthWatch.Result.OK);
  }

  @Test
  void xidGaugeIsStickyAfterTheScenarioEnds() {
    Gpu gpu = model.targets().xid79Gpu();
    model.activate(Scenario.XID_79, T0);
    model.activate(Scenario.HEALTHY, T0.plusSeconds(30));
    GpuReading reading = reading(gpu, T0.plusSeconds(31));
    assertThat(reading.value(DeviceField.XID_ERRORS)).isEqualTo(79);
    assertThat(reading.health().get(HealthWatch.ALL)).isEqualTo(HealthWatch.Result.OK);
    assertThat(gpu.xidsWithin(Duration.ofMinutes(5), T0.plusSeconds(400))).isEmpty();
  }

  @Test
  void thermalThrottlingSlowsExecutionOnThatNodeOnly() {
    String hot = model.targets().thermalNode();
    model.activate(Scenario.THERMAL_THROTTLING, T0);
    GpuReading reading = model.readings(hot, T0).get(0);
    assertThat(reading.value(DeviceField.GPU_TEMP)).isGreaterThanOrEqualTo(89);
    assertThat(reading.value(DeviceField.SM_CLOCK)).isEqualTo(1140);
    assertThat(reading.health().get(HealthWatch.THERMAL).value()).isEqualTo(HealthWatch.WARN);
    List<SimulatedRequest> requests = model.requests(T0, T0.plusSeconds(120));
    double hotExecute = meanExecute(requests, r -> r.pod().node().equals(hot));
    double coolExecute = meanExecute(requests, r -> !r.pod().node().equals(hot));
    assertThat(hotExecute).isGreaterThan(2 * coolExecute);
    String otherNode =
        model.nodes().stream().map(Node::name).filter(n -> !n.equals(hot)).findFirst().get();
    assertThat(model.readings(otherNode, T0).get(0).value(DeviceField.SM_CLOCK)).isNotEqualTo(1140);
  }

  @Test
  void loweringConcurrencyDrainsTheBacklogQueue() {
    model.activate(Scenario.QUEUE_BACKLOG, T0);
    double backlogged = p50Queue(model.requests(T0, T0.plusSeconds(60)));
    assertThat(backlogged).isGreaterThan(1000);
    model.setConcurrency("inference", Workloads.KNATIVE, 4);
    double lowered = p50Queue(model.requests(T0.plusSeconds(60), T0.plusSeconds(120)));
    assertThat(lowered).isLessThan(20);
    assertThat(model.status().queueWaitP50Ms()).isLessThan(backlogged);
  }

  @Test
  void slowModelLoadFollowsTheRolloutAndRollbackOfTraffic() {
    ScenarioTransition rollout = model.activate(Scenario.SLOW_MODEL_LOAD, T0);
    assertThat(rollout.knativeTraffic()).isEqualTo(Map.of("llm-serve-00002", 100));
    List<SimulatedRequest> slow = knative(model.requests(T0, T0.plusSeconds(60)));
    assertThat(slow).isNotEmpty().allMatch(r -> r.revision().modelVersion().equals("v2"));
    assertThat(slow).allMatch(r -> r.outcome().stages().modelLoadMs() >= 2500);

    assertThat(model.setTraffic("inference", Workloads.KNATIVE, Map.of("llm-serve-00001", 100)))
        .isTrue();
    List<SimulatedRequest> rolledBack =
        knative(model.requests(T0.plusSeconds(60), T0.plusSeconds(120)));
    assertThat(rolledBack).isNotEmpty().allMatch(r -> r.revision().modelVersion().equals("v1"));
    assertThat(rolledBack).allMatch(r -> r.outcome().stages().modelLoadMs() < 5);
  }

  @Test
  void idleClusterSendsNoRequestsAndServingGpusGoQuiet() {
    model.activate(Scenario.IDLE, T0);
    assertThat(model.requests(T0, T0.plusSeconds(60))).isEmpty();
    Pod serving =
        model.pods().stream()
            .filter(p -> p.workload().kind() == WorkloadKind.KNATIVE_SERVICE)
            .findFirst()
            .orElseThrow();
    Gpu gpu = model.node(serving.node()).orElseThrow().gpus().get(serving.gpuIndices().get(0));
    assertThat(reading(gpu, T0).value(DeviceField.GPU_UTIL)).isLessThanOrEqualTo(4);
  }

  @Test
  void pausedWorkloadGetsNoRequests() {
    model.setWorkloadPaused("inference", Workloads.KNATIVE, true);
    List<SimulatedRequest> requests = model.requests(T0, T0.plusSeconds(60));
    assertThat(knative(requests)).isEmpty();
    assertThat(requests).isNotEmpty();
    assertThat(model.status().requestsUnroutable()).isPositive();
  }

  @Test
  void ownershipMismatchRelabelsOneGpuWithAPodFromAnotherNode() {
    Gpu gpu = model.targets().mismatchGpu();
    Pod holder = gpu.holder();
    model.activate(Scenario.OWNERSHIP_MISMATCH, T0);
    Pod labelled = reading(gpu, T0).attribution();
    assertThat(labelled).isNotEqualTo(holder);
    assertThat(labelled.node()).isNotEqualTo(gpu.node());
    assertThat(gpu.holder()).isEqualTo(holder);
  }

  @Test
  void missingFieldsDropFieldsOnOneNodeOnly() {
    String node = model.targets().missingFieldsNode();
    model.activate(Scenario.MISSING_FIELDS, T0);
    assertThat(model.readings(node, T0))
        .allMatch(r -> !r.has(DeviceField.POWER_USAGE) && r.has(DeviceField.GPU_TEMP));
    model.nodes().stream()
        .filter(n -> !n.name().equals(node))
        .forEach(
            n ->
                assertThat(model.readings(n.name(), T0))
                    .allMatch(r -> r.has(DeviceField.POWER_USAGE)));
  }

  @Test
  void appXid13RepeatsEveryMinuteAndFailsSomeRequestsOfThatPod() {
    Gpu gpu = model.targets().appXidGpu();
    model.activate(Scenario.APP_XID_13, T0);
    model.tick(T0.plusSeconds(30));
    model.tick(T0.plusSeconds(61));
    assertThat(gpu.xidsWithin(Duration.ofMinutes(5), T0.plusSeconds(61)))
        .extracting(Gpu.XidOccurrence::xid)
        .containsExactly(13, 13);
    List<SimulatedRequest> onGpu =
        model.requests(T0, T0.plusSeconds(600)).stream().filter(r -> r.gpu() == gpu).toList();
    assertThat(onGpu).anyMatch(r -> r.outcome().failure() == RequestFailure.KERNEL_EXCEPTION);
    assertThat(onGpu).anyMatch(r -> r.outcome().failure() == RequestFailure.NONE);
  }

  @Test
  void energyCounterAdvancesWithTime() {
    Gpu gpu = model.nodes().get(0).gpus().get(0);
    double before = reading(gpu, T0).value(DeviceField.TOTAL_ENERGY_CONSUMPTION);
    model.tick(T0.plusSeconds(10));
    double after = reading(gpu, T0.plusSeconds(10)).value(DeviceField.TOTAL_ENERGY_CONSUMPTION);
    assertThat(after - before).isBetween(10 * 72 * 1000.0, 10 * 700 * 1000.0);
  }

  @Test
  void sameSeedSameTraffic() {
    ClusterModel twin = new ClusterModel(ClusterShape.defaults(), T0);
    assertThat(twin.requests(T0, T0.plusSeconds(5)))
        .extracting(r -> r.pod().name(), r -> r.outcome().stages())
        .isEqualTo(
            model.requests(T0, T0.plusSeconds(5)).stream()
                .map(r -> org.assertj.core.groups.Tuple.tuple(r.pod().name(), r.outcome().stages()))
                .toList());
  }

  private GpuReading reading(Gpu gpu, Instant at) {
    return model.readings(gpu.node(), at).get(gpu.index());
  }

  private static List<SimulatedRequest> knative(List<SimulatedRequest> requests) {
    return requests.stream()
        .filter(r -> r.workload().kind() == WorkloadKind.KNATIVE_SERVICE)
        .toList();
  }

  private static double meanExecute(
      List<SimulatedRequest> requests, java.util.function.Predicate<SimulatedRequest> which) {
    return requests.stream()
        .filter(which)
        .mapToDouble(r -> r.outcome().stages().gpuExecuteMs())
        .average()
        .orElseThrow();
  }

  private static double p50Queue(List<SimulatedRequest> requests) {
    double[] waits =
        knative(requests).stream()
            .mapToDouble(r -> r.outcome().stages().queueWaitMs())
            .sorted()
            .toArray();
    return DoubleStream.of(waits).skip(waits.length / 2).findFirst().orElseThrow();
  }
}
