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
  private final Set<String> pausedPods = new HashSet<>();
  private final List<String> scaleOutPods = new ArrayList<>();
  private final Scheduler scheduler;
  private final PodLedger ledger;
  private final List<Pod> pods;
  private final WorkloadScaler scaler;
  private final ScenarioTargets targets;
  private final RequestGenerator generator;
  private Scenario scenario = Scenario.HEALTHY;

  /** GPUs that fell off the bus together with XID 79's target (fault tests; empty by default). */
  private final Set<Gpu> alsoFallen = new HashSet<>();

  private Instant lastTick;
  private int backlogDemandPods;
  private double capacityThisTick = 1;

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
    ledger = new PodLedger(nodesByName, scheduler);
    pods = ledger.live();
    scaler = new WorkloadScaler(ledger);
    InitialPlacement.place(shape, this);
    ledger.takeChanges();
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
    return ledger.admit(pod);
  }

  /** Pod changes since the last call, for the Kubernetes API (see {@link PodChanges}). */
  public synchronized PodChanges takePodChanges() {
    return ledger.takeChanges();
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
    alsoFallen.clear();
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
      Pod pod = admit(scaler.newPod(serving, revision, "scaleout"));
      added.add(pod);
      scaleOutPods.add(pod.uid());
    }
    return added;
  }

  /**
   * Fault injection for tests: while XID 79 is active, {@code gpu} falls off the bus as well (its
   * XID 79 recorded now, health FAIL, its requests time out), so several nodes fail at once. The
   * next scenario switch repairs it with the target.
   */
  public synchronized void alsoFallOffTheBus(Gpu gpu, Instant now) {
    if (scenario != Scenario.XID_79) {
      throw new IllegalStateException("another GPU can fall only while xid-79 is active");
    }
    alsoFallen.add(gpu);
    gpu.recordXid(79, now);
  }

  /**
   * Live-run fault injection (tools/live-run): the next GPU to fall off the bus while xid-79 is
   * active, on a node where nothing has fallen yet so each fall is its own node's incident. Serving
   * GPUs (held by a non-Job pod) first, like the e2e's multi-node fault; then any GPU. The nodes
   * are walked from the far end of the list so consecutive picks land far from the target's node.
   */
  public synchronized Optional<Gpu> nextGpuToFall() {
    Set<String> fallenNodes = new HashSet<>();
    fallenNodes.add(targets.xid79Gpu().node());
    alsoFallen.forEach(g -> fallenNodes.add(g.node()));
    List<Gpu> candidates = new ArrayList<>();
    for (int i = nodes.size() - 1; i >= 0; i--) {
      Node node = nodes.get(i);
      if (!fallenNodes.contains(node.name())) {
        candidates.addAll(node.gpus());
      }
    }
    return candidates.stream()
        .filter(g -> g.holder() != null && g.holder().workload().kind() != WorkloadKind.JOB)
        .findFirst()
        .or(() -> candidates.stream().findFirst());
  }

  private boolean fallen(Gpu gpu) {
    return scenario == Scenario.XID_79 && (gpu == targets.xid79Gpu() || alsoFallen.contains(gpu));
  }

  /** The ReplicaSet (and pod name prefix) of a Deployment-backed workload revision. */
  public static String replicaSetName(Workload workload, Revision revision) {
    if (workload.kind() == WorkloadKind.KNATIVE_SERVICE) {
      String deployment = revision.name() + "-deployment";
      return deployment + "-" + Names.suffix(deployment, 10);
    }
    // One ReplicaSet per pod template, so per model version when a Deployment has several.
    String template = workload.revisions().size() > 1 ? revision.name() : workload.name();
    return workload.name() + "-" + Names.suffix(template, 10);
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
    if (!cordoned) {
      ledger.schedulePending();
    }
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

  /** See {@link WorkloadScaler#setMinScale}. */
  public synchronized boolean setMinScale(String namespace, String name, int minScale) {
    return workload(namespace, name).map(w -> scaler.setMinScale(w, minScale)).orElse(false);
  }

  /** See {@link WorkloadScaler#setReplicas}. */
  public synchronized boolean setReplicas(String namespace, String name, int replicas) {
    return workload(namespace, name).map(w -> scaler.setReplicas(w, replicas)).orElse(false);
  }

  /** See {@link WorkloadScaler#setModelVersion}. */
  public synchronized boolean setModelVersion(String namespace, String name, String modelVersion) {
    return workload(namespace, name)
        .map(w -> scaler.setModelVersion(w, modelVersion))
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
    capacityThisTick = servingCapacity();
    return generator.generate(this, rate, from, to);
  }

  /**
   * During a backlog, the share of the offered load the serving workload's routable pods cover now
   * (half when it begins, more as more pods run; 1 outside a backlog).
   */
  synchronized double servingCapacity() {
    if (scenario != Scenario.QUEUE_BACKLOG || backlogDemandPods <= 0) {
      return 1;
    }
    return Math.min(1.0, (double) routablePods(targets.servingWorkload()) / backlogDemandPods);
  }

  private int routablePods(Workload w) {
    int count = 0;
    for (Pod pod : pods) {
      if (pod.workload() == w && routable(pod)) {
        count++;
      }
    }
    return count;
  }

  public synchronized double currentRequestRate() {
    return scenario == Scenario.IDLE ? 0 : shape.requestsPerSecond();
  }

  /** A pod takes new requests: scheduled, node schedulable, neither it nor its workload paused. */
  synchronized boolean routable(Pod pod) {
    if (!pod.isScheduled() || pod.workload().paused()) {
      return false;
    }
    // A cordon only stops new pods landing on the node; pods already there keep serving, as in
    // Kubernetes. Taking a faulty GPU's pod out of traffic is the pause's job.
    return !pausedPods.contains(pod.namespace() + "/" + pod.name());
  }

  LatencyModel.Conditions conditions(Pod pod, Gpu gpu, Revision revision) {
    Workload w = pod.workload();
    boolean serving = w == targets.servingWorkload();
    return new LatencyModel.Conditions(
        w.concurrency(),
        w.initialConcurrency(),
        scenario == Scenario.QUEUE_BACKLOG && serving,
        scenario == Scenario.THERMAL_THROTTLING && pod.node().equals(targets.thermalNode()),
        fallen(gpu),
        scenario == Scenario.APP_XID_13 && gpu == targets.appXidGpu(),
        coldModel(w, revision, serving),
        capacityThisTick,
        scenario == Scenario.VLLM_QUEUE_BACKLOG && Workloads.tracesLikeVllm(w),
        scenario == Scenario.VLLM_SLOW_DECODE && Workloads.tracesLikeVllm(w));
  }

  private boolean coldModel(Workload w, Revision revision, boolean serving) {
    if (scenario == Scenario.SLOW_MODEL_LOAD) {
      return serving && revision.equals(w.latestRevision());
    }
    return scenario == Scenario.SLOW_MODEL_LOAD_DEPLOYMENT
        && w.kind() == WorkloadKind.DEPLOYMENT
        && revision.equals(w.latestRevision());
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
    return Situations.of(gpu, scenario, targets, fallen(gpu), this::routable);
  }

  // ---- status ----------------------------------------------------------------------------

  public synchronized ClusterStatus status() {
    return StatusView.of(this, nodes, List.copyOf(workloads.values()), pods, generator);
  }

  synchronized long pausedPodCount(Workload w) {
    return pods.stream()
        .filter(p -> p.workload() == w && pausedPods.contains(p.namespace() + "/" + p.name()))
        .count();
  }
}
