package io.strata.simulator.model;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The simulated cluster: nodes, GPUs, workloads and pods, the active scenario and the state the
 * remediator changed. Pure Java, driven by the instants callers pass in (no clock of its own), so
 * tests step it without sleeping. Every public method holds the model lock.
 */
public final class ClusterModel {

  /** How often an application that hits XID 13 hits it again while the scenario lasts. */
  static final Duration APP_XID_REPEAT = Duration.ofSeconds(60);

  private final ClusterShape shape;
  private final List<Node> nodes = new ArrayList<>();
  private final Map<String, Node> nodesByName = new LinkedHashMap<>();
  private final Map<String, Workload> workloads = new LinkedHashMap<>();
  private final List<Pod> pods = new ArrayList<>();
  private final Set<String> pausedPods = new HashSet<>();
  private final List<Pod> scaleOutPods = new ArrayList<>();
  private final Scheduler scheduler;
  private final ScenarioTargets targets;
  private final RequestGenerator generator;
  private Scenario scenario = Scenario.HEALTHY;
  private Instant lastTick;
  private int scaleOutSerial;

  public ClusterModel(ClusterShape shape, Instant start) {
    this.shape = shape;
    for (int n = 0; n < shape.nodes(); n++) {
      String name = Names.node(n, shape.nodes());
      List<Gpu> gpus = new ArrayList<>(shape.gpusPerNode());
      for (int g = 0; g < shape.gpusPerNode(); g++) {
        gpus.add(new Gpu(name, g, Names.gpuUuid(shape.cluster(), name, g), Names.pciBusId(g)));
      }
      Node node = new Node(name, gpus);
      nodes.add(node);
      nodesByName.put(name, node);
    }
    scheduler = new Scheduler(nodes);
    InitialPlacement.place(shape, this);
    targets = InitialPlacement.targets(this);
    generator = new RequestGenerator(new SplittableRandom(shape.seed()));
    lastTick = start;
  }

  // ---- structure -------------------------------------------------------------------------

  public ClusterShape shape() {
    return shape;
  }

  public synchronized List<Node> nodes() {
    return List.copyOf(nodes);
  }

  public synchronized Optional<Node> node(String name) {
    return Optional.ofNullable(nodesByName.get(name));
  }

  public synchronized List<Workload> workloads() {
    return List.copyOf(workloads.values());
  }

  public synchronized Optional<Workload> workload(String namespace, String name) {
    Workload w = workloads.get(name);
    return w != null && w.namespace().equals(namespace) ? Optional.of(w) : Optional.empty();
  }

  public synchronized List<Pod> pods() {
    return List.copyOf(pods);
  }

  public ScenarioTargets targets() {
    return targets;
  }

  public synchronized Scenario scenario() {
    return scenario;
  }

  void addWorkload(Workload workload) {
    workloads.put(workload.name(), workload);
  }

  /** Schedules a new pod (or leaves it Pending) and records it; used by placement and scale-out. */
  Pod admit(Pod pod) {
    Pod placed =
        scheduler
            .place(pod.gpuCount())
            .map(p -> pod.placedOn(p.node(), p.gpuIndices()))
            .orElse(pod);
    if (placed.isScheduled()) {
      Node node = nodesByName.get(placed.node());
      for (int index : placed.gpuIndices()) {
        node.gpus().get(index).setHolder(placed);
      }
    }
    pods.add(placed);
    return placed;
  }

  private void release(Pod pod) {
    pods.remove(pod);
    if (pod.isScheduled()) {
      Node node = nodesByName.get(pod.node());
      for (int index : pod.gpuIndices()) {
        node.gpus().get(index).setHolder(null);
      }
    }
  }

  public synchronized String failedSchedulingMessage(int gpuCount) {
    return scheduler.failedSchedulingMessage(gpuCount);
  }

  // ---- scenarios -------------------------------------------------------------------------

  /** Ends the current scenario and starts {@code next}; HEALTHY just ends the current one. */
  public synchronized ScenarioTransition activate(Scenario next, Instant now) {
    if (next == Scenario.UNSPECIFIED) {
      throw new IllegalArgumentException("UNSPECIFIED is not a scenario");
    }
    Scenario previous = scenario;
    List<Pod> added = new ArrayList<>();
    List<Pod> removed = new ArrayList<>();
    Map<String, Integer> traffic = null;
    if (previous == Scenario.QUEUE_BACKLOG) {
      for (Pod pod : scaleOutPods) {
        release(pod);
        removed.add(pod);
      }
      scaleOutPods.clear();
    }
    if (previous == Scenario.SLOW_MODEL_LOAD) {
      Workload serving = targets.servingWorkload();
      serving.setTraffic(serving.baselineTraffic());
      traffic = serving.baselineTraffic();
    }
    scenario = next;
    switch (next) {
      case XID_79 -> targets.xid79Gpu().recordXid(79, now);
      case APP_XID_13 -> targets.appXidGpu().recordXid(13, now);
      case QUEUE_BACKLOG -> added.addAll(scaleOut());
      case SLOW_MODEL_LOAD -> {
        Workload serving = targets.servingWorkload();
        traffic = Map.of(serving.latestRevision().name(), 100);
        serving.setTraffic(traffic);
      }
      default -> {}
    }
    return new ScenarioTransition(previous, next, added, removed, traffic);
  }

  /** The autoscaler asks for more pods than free GPUs: some run, the rest stay Pending. */
  private List<Pod> scaleOut() {
    Workload serving = targets.servingWorkload();
    Revision revision = serving.revisions().get(0);
    int free =
        nodes.stream().filter(n -> !n.cordoned()).mapToInt(n -> n.freeGpuIndices().size()).sum();
    int wanted = free + Math.max(2, Math.min(nodes.size(), 8));
    List<Pod> added = new ArrayList<>();
    for (int i = 0; i < wanted; i++) {
      String name =
          replicaSetName(serving, revision) + "-" + Names.suffix("scaleout" + scaleOutSerial, 5);
      scaleOutSerial++;
      Pod pod =
          new Pod(
              name,
              serving.namespace(),
              "user-container",
              Names.uid(serving.namespace() + "/" + name),
              serving,
              revision,
              serving.gpusPerPod(),
              null,
              List.of(),
              null);
      added.add(admit(pod));
    }
    scaleOutPods.addAll(added);
    return added;
  }

  /** The ReplicaSet (and pod name prefix) of a Deployment-backed workload revision. */
  public static String replicaSetName(Workload workload, Revision revision) {
    String deployment =
        workload.kind() == WorkloadKind.KNATIVE_SERVICE
            ? revision.name() + "-deployment"
            : workload.name();
    return deployment + "-" + Names.suffix(deployment, 10);
  }

  // ---- time ------------------------------------------------------------------------------

  /** Advances counters to {@code now} and repeats recurring faults. */
  public synchronized void tick(Instant now) {
    double seconds = Math.max(0, Duration.between(lastTick, now).toNanos() / 1e9);
    lastTick = now;
    for (Node node : nodes) {
      for (Gpu gpu : node.gpus()) {
        DeviceModel.Situation situation = situation(gpu);
        gpu.advance(seconds, DeviceModel.powerWatts(situation), situation.utilisation() / 100);
      }
    }
    if (scenario == Scenario.APP_XID_13) {
      Gpu gpu = targets.appXidGpu();
      Instant last = gpu.lastXidAt(13);
      if (last == null || !now.isBefore(last.plus(APP_XID_REPEAT))) {
        gpu.recordXid(13, now);
      }
    }
  }

  // ---- reactions to the remediator -------------------------------------------------------

  public synchronized boolean setCordoned(String nodeName, boolean cordoned) {
    Node node = nodesByName.get(nodeName);
    if (node == null || node.cordoned() == cordoned) {
      return false;
    }
    node.setCordoned(cordoned);
    return true;
  }

  public synchronized boolean setConcurrency(String namespace, String name, int concurrency) {
    return workload(namespace, name)
        .filter(w -> w.concurrency() != concurrency)
        .map(
            w -> {
              w.setConcurrency(concurrency);
              return true;
            })
        .orElse(false);
  }

  /** A Knative traffic split by revision name; revisions the workload lacks are ignored. */
  public synchronized boolean setTraffic(
      String namespace, String name, Map<String, Integer> split) {
    Optional<Workload> workload = workload(namespace, name);
    if (workload.isEmpty()) {
      return false;
    }
    Map<String, Integer> known = new LinkedHashMap<>();
    split.forEach(
        (revision, percent) -> {
          if (workload.get().revision(revision) != null && percent > 0) {
            known.merge(revision, percent, Integer::sum);
          }
        });
    if (known.isEmpty() || known.equals(workload.get().traffic())) {
      return false;
    }
    workload.get().setTraffic(known);
    return true;
  }

  public synchronized boolean setWorkloadPaused(String namespace, String name, boolean paused) {
    return workload(namespace, name)
        .filter(w -> w.paused() != paused)
        .map(
            w -> {
              w.setPaused(paused);
              return true;
            })
        .orElse(false);
  }

  public synchronized boolean setPodPaused(String namespace, String name, boolean paused) {
    String key = namespace + "/" + name;
    return paused ? pausedPods.add(key) : pausedPods.remove(key);
  }

  // ---- requests --------------------------------------------------------------------------

  /** Requests that started in [from, to). */
  public synchronized List<SimulatedRequest> requests(Instant from, Instant to) {
    double rate = scenario == Scenario.IDLE ? 0 : shape.requestsPerSecond();
    return generator.generate(this, rate, from, to);
  }

  public synchronized double currentRequestRate() {
    return scenario == Scenario.IDLE ? 0 : shape.requestsPerSecond();
  }

  /** A pod takes new requests: scheduled, node schedulable, neither it nor its workload paused. */
  synchronized boolean routable(Pod pod) {
    if (!pod.isScheduled() || pod.workload().paused()) {
      return false;
    }
    if (pausedPods.contains(pod.namespace() + "/" + pod.name())) {
      return false;
    }
    return !nodesByName.get(pod.node()).cordoned();
  }

  LatencyModel.Conditions conditions(Pod pod, Gpu gpu, Revision revision) {
    Workload w = pod.workload();
    boolean serving = w == targets.servingWorkload();
    return new LatencyModel.Conditions(
        w.concurrency(),
        w.initialConcurrency(),
        scenario == Scenario.QUEUE_BACKLOG && serving,
        scenario == Scenario.THERMAL_THROTTLING && pod.node().equals(targets.thermalNode()),
        scenario == Scenario.XID_79 && gpu == targets.xid79Gpu(),
        scenario == Scenario.APP_XID_13 && gpu == targets.appXidGpu(),
        scenario == Scenario.SLOW_MODEL_LOAD && serving && revision.equals(w.latestRevision()));
  }

  // ---- device view -----------------------------------------------------------------------

  /** What the node's exporter reads from each of its GPUs now. */
  public synchronized List<GpuReading> readings(String nodeName, Instant now) {
    Node node = nodesByName.get(nodeName);
    if (node == null) {
      return List.of();
    }
    List<GpuReading> out = new ArrayList<>(node.gpus().size());
    for (Gpu gpu : node.gpus()) {
      out.add(DeviceModel.read(gpu, situation(gpu), now));
    }
    return out;
  }

  DeviceModel.Situation situation(Gpu gpu) {
    return Situations.of(gpu, scenario, targets, this::routable);
  }

  // ---- status ----------------------------------------------------------------------------

  public synchronized ClusterStatus status() {
    List<ClusterStatus.WorkloadStatus> ws = new ArrayList<>();
    for (Workload w : workloads.values()) {
      int running = 0;
      int pending = 0;
      for (Pod pod : pods) {
        if (pod.workload() == w) {
          if (pod.isScheduled()) {
            running++;
          } else {
            pending++;
          }
        }
      }
      ws.add(
          new ClusterStatus.WorkloadStatus(
              w.namespace(),
              w.name(),
              w.kind().name(),
              w.concurrency(),
              w.traffic(),
              w.paused(),
              running,
              pending));
    }
    List<String> cordoned = nodes.stream().filter(Node::cordoned).map(Node::name).toList();
    int pendingPods = (int) pods.stream().filter(p -> !p.isScheduled()).count();
    return new ClusterStatus(
        shape.cluster(),
        nodes.size(),
        shape.totalGpus(),
        cordoned,
        scenario.slug(),
        currentRequestRate(),
        generator.queueWaitP50Ms(),
        generator.served(),
        generator.failed(),
        generator.unroutable(),
        pendingPods,
        ws);
  }
}
