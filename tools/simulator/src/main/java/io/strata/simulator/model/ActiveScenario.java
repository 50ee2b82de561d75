package io.strata.simulator.model;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The scenario in force and what starting it changed in the cluster: the autoscaler's scale-out
 * pods and the offered load of a queue backlog, the deployer's traffic split of a slow model load,
 * and the GPUs off the bus under XID 79; it also repeats an application's XID 13 while that
 * scenario lasts. Kept apart from {@link ClusterModel} because all of this lasts exactly one
 * scenario: {@link #activate} undoes it at the next switch, so it sits in one place with that undo.
 *
 * <p>Used only under the {@link ClusterModel} lock: it is called only from the model, whose
 * synchronized public methods delegate here (directly or through methods they call).
 */
final class ActiveScenario {

  /** How often an application that hits XID 13 hits it again while the scenario lasts. */
  static final Duration APP_XID_REPEAT = Duration.ofSeconds(60);

  private final List<Node> nodes;
  private final PodLedger ledger;
  private final WorkloadScaler scaler;
  private final ScenarioTargets targets;
  private final Predicate<Pod> routable;
  private final FallenGpus offTheBus;
  private final List<String> scaleOutPods = new ArrayList<>();
  private Scenario scenario = Scenario.HEALTHY;
  private int backlogDemandPods;

  /**
   * @param routable whether a pod takes requests now (the backlog's capacity counts those pods)
   */
  ActiveScenario(
      List<Node> nodes,
      PodLedger ledger,
      WorkloadScaler scaler,
      ScenarioTargets targets,
      Predicate<Pod> routable) {
    this.nodes = nodes;
    this.ledger = ledger;
    this.scaler = scaler;
    this.targets = targets;
    this.routable = routable;
    this.offTheBus = new FallenGpus(nodes, targets.xid79Gpu());
  }

  Scenario current() {
    return scenario;
  }

  /** Ends the current scenario and starts {@code next}; HEALTHY just ends the current one. */
  ScenarioTransition activate(Scenario next, Instant now) {
    if (next == Scenario.UNSPECIFIED) {
      throw new IllegalArgumentException("UNSPECIFIED is not a scenario");
    }
    Scenario previous = scenario;
    List<Pod> added = new ArrayList<>();
    List<Pod> removed = new ArrayList<>();
    Map<String, Integer> traffic = null;
    if (previous == Scenario.QUEUE_BACKLOG) {
      for (String uid : scaleOutPods) {
        Pod pod = ledger.release(uid);
        if (pod != null) {
          removed.add(pod);
        }
      }
      scaleOutPods.clear();
      backlogDemandPods = 0;
    }
    if (previous == Scenario.SLOW_MODEL_LOAD) {
      Workload serving = targets.servingWorkload();
      serving.setTraffic(serving.baselineTraffic());
      traffic = serving.baselineTraffic();
    }
    scenario = next;
    // A scenario switch repairs the GPUs a test made fall with the target.
    offTheBus.repair();
    switch (next) {
      case XID_79 -> targets.xid79Gpu().recordXid(79, now);
      case APP_XID_13 -> targets.appXidGpu().recordXid(13, now);
      case QUEUE_BACKLOG -> {
        added.addAll(scaleOut());
        // The offered load needs twice the pods that serve once the autoscaler's pods that fit run.
        backlogDemandPods = 2 * routablePods(targets.servingWorkload());
      }
      case SLOW_MODEL_LOAD -> {
        Workload serving = targets.servingWorkload();
        traffic = Map.of(serving.latestRevision().name(), 100);
        serving.setTraffic(traffic);
      }
      default -> {}
    }
    ledger.schedulePending();
    return new ScenarioTransition(previous, next, added, removed, traffic);
  }

  /** The autoscaler asks for more pods than free GPUs: some run, the rest stay Pending. */
  private List<Pod> scaleOut() {
    Workload serving = targets.servingWorkload();
    Revision revision = serving.revisions().get(0);
    int free = nodes.stream().filter(n -> !n.cordoned()).mapToInt(Node::freeGpuCount).sum();
    int wanted = free + Math.max(2, Math.min(nodes.size(), 8));
    List<Pod> added = new ArrayList<>();
    for (int i = 0; i < wanted; i++) {
      Pod pod = ledger.admit(scaler.newPod(serving, revision, "scaleout"));
      added.add(pod);
      scaleOutPods.add(pod.uid());
    }
    return added;
  }

  /** Repeats the scenario's recurring fault when it is due: an application's XID 13. */
  void repeatFaults(Instant now) {
    if (scenario == Scenario.APP_XID_13) {
      Gpu gpu = targets.appXidGpu();
      Instant last = gpu.lastXidAt(13);
      if (last == null || !now.isBefore(last.plus(APP_XID_REPEAT))) {
        gpu.recordXid(13, now);
      }
    }
  }

  /**
   * During a backlog, the share of the offered load the serving workload's routable pods cover now
   * (half when it begins, more as more pods run; 1 outside a backlog).
   */
  double servingCapacity() {
    if (scenario != Scenario.QUEUE_BACKLOG || backlogDemandPods <= 0) {
      return 1;
    }
    return Math.min(1.0, (double) routablePods(targets.servingWorkload()) / backlogDemandPods);
  }

  private int routablePods(Workload w) {
    int count = 0;
    for (Pod pod : ledger.live()) {
      if (pod.workload() == w && routable.test(pod)) {
        count++;
      }
    }
    return count;
  }

  /** See {@link ClusterModel#alsoFallOffTheBus}. */
  void alsoFallOffTheBus(Gpu gpu, Instant now) {
    if (scenario != Scenario.XID_79) {
      throw new IllegalStateException("another GPU can fall only while xid-79 is active");
    }
    offTheBus.add(gpu, now);
  }

  /** See {@link FallenGpus#next}. */
  Optional<Gpu> nextGpuToFall() {
    return offTheBus.next();
  }

  /** Whether {@code gpu} is off the bus now: only while XID 79 is active. */
  boolean fallen(Gpu gpu) {
    return scenario == Scenario.XID_79 && offTheBus.contains(gpu);
  }
}
