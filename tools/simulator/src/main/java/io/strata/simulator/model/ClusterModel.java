package io.strata.simulator.model;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * The simulated cluster: nodes, GPUs, workloads and pods, the active scenario and the state the
 * remediator changed. Pure Java, driven by the instants callers pass in (no clock of its own), so
 * tests step it without sleeping.
 *
 * <p>Every public method holds the model lock. The parts it delegates to ({@link ActiveScenario}
 * for the scenario and what it changed, {@link RemediationControls} for the remediator's settings,
 * {@link PodLedger}, {@link WorkloadScaler}, {@link RequestGenerator}) take no lock of their own:
 * they are called only from here, under this lock, so the model stays as thread-safe as one class.
 */
public final class ClusterModel {

  private final ClusterShape shape;
  private final List<Node> nodes = new ArrayList<>();
  private final Map<String, Node> nodesByName = new LinkedHashMap<>();
  private final Map<String, Workload> workloads = new LinkedHashMap<>();
  private final Scheduler scheduler;
  private final PodLedger ledger;
  private final List<Pod> pods;
  private final RemediationControls controls;
  private final ScenarioTargets targets;
  private final ActiveScenario activeScenario;
  private final RequestGenerator generator;

  private Instant lastTick;
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
    WorkloadScaler scaler = new WorkloadScaler(ledger);
    controls = new RemediationControls(nodesByName, this::workload, ledger, scaler);
    InitialPlacement.place(shape, this);
    ledger.takeChanges();
    targets = InitialPlacement.targets(this);
    activeScenario = new ActiveScenario(nodes, ledger, scaler, targets, this::routable);
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
    return activeScenario.current();
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

  // ---- scenarios (ActiveScenario holds them) ------------------------------------------

  /** Ends the current scenario and starts {@code next}; HEALTHY just ends the current one. */
  public synchronized ScenarioTransition activate(Scenario next, Instant now) {
    return activeScenario.activate(next, now);
  }

  /**
   * Fault injection for tests: while XID 79 is active, {@code gpu} falls off the bus as well (its
   * XID 79 recorded now, health FAIL, its requests time out), so several nodes fail at once. The
   * next scenario switch repairs it with the target.
   */
  public synchronized void alsoFallOffTheBus(Gpu gpu, Instant now) {
    activeScenario.alsoFallOffTheBus(gpu, now);
  }

  /**
   * Live-run fault injection (tools/live-run): the next GPU to fall off the bus while xid-79 is
   * active, on a node where nothing has fallen yet (see {@link FallenGpus#next}).
   */
  public synchronized Optional<Gpu> nextGpuToFall() {
    return activeScenario.nextGpuToFall();
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
    activeScenario.repeatFaults(now);
  }

  // ---- reactions to the remediator (RemediationControls applies them) -------------------
  // Each returns whether anything changed.

  public synchronized boolean setCordoned(String nodeName, boolean cordoned) {
    return controls.setCordoned(nodeName, cordoned);
  }

  public synchronized boolean setConcurrency(String namespace, String name, int concurrency) {
    return controls.setConcurrency(namespace, name, concurrency);
  }

  /** A Knative traffic split by revision name; revisions the workload lacks are ignored. */
  public synchronized boolean setTraffic(
      String namespace, String name, Map<String, Integer> split) {
    return controls.setTraffic(namespace, name, split);
  }

  public synchronized boolean setWorkloadPaused(String namespace, String name, boolean paused) {
    return controls.setWorkloadPaused(namespace, name, paused);
  }

  /** See {@link WorkloadScaler#setMinScale}. */
  public synchronized boolean setMinScale(String namespace, String name, int minScale) {
    return controls.setMinScale(namespace, name, minScale);
  }

  /** See {@link WorkloadScaler#setReplicas}. */
  public synchronized boolean setReplicas(String namespace, String name, int replicas) {
    return controls.setReplicas(namespace, name, replicas);
  }

  /** See {@link WorkloadScaler#setModelVersion}. */
  public synchronized boolean setModelVersion(String namespace, String name, String modelVersion) {
    return controls.setModelVersion(namespace, name, modelVersion);
  }

  public synchronized boolean setPodPaused(String namespace, String name, boolean paused) {
    return controls.setPodPaused(namespace, name, paused);
  }

  // ---- requests --------------------------------------------------------------------------

  /** Requests that started in [from, to). */
  public synchronized List<SimulatedRequest> requests(Instant from, Instant to) {
    double rate = currentRequestRate();
    capacityThisTick = servingCapacity();
    return generator.generate(this, rate, from, to);
  }

  /** See {@link ActiveScenario#servingCapacity}. */
  synchronized double servingCapacity() {
    return activeScenario.servingCapacity();
  }

  public synchronized double currentRequestRate() {
    return activeScenario.current() == Scenario.IDLE ? 0 : shape.requestsPerSecond();
  }

  /** A pod takes new requests: scheduled, node schedulable, neither it nor its workload paused. */
  synchronized boolean routable(Pod pod) {
    if (!pod.isScheduled() || pod.workload().paused()) {
      return false;
    }
    // A cordon only stops new pods landing on the node; pods already there keep serving, as in
    // Kubernetes. Taking a faulty GPU's pod out of traffic is the pause's job.
    return !controls.podPaused(pod);
  }

  LatencyModel.Conditions conditions(Pod pod, Gpu gpu, Revision revision) {
    Scenario scenario = activeScenario.current();
    boolean lost = activeScenario.fallen(gpu);
    return LatencyConditions.of(pod, gpu, revision, scenario, targets, lost, capacityThisTick);
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
    Scenario scenario = activeScenario.current();
    return Situations.of(gpu, scenario, targets, activeScenario.fallen(gpu), this::routable);
  }

  // ---- status ----------------------------------------------------------------------------

  public synchronized ClusterStatus status() {
    return StatusView.of(this, nodes, List.copyOf(workloads.values()), pods, generator);
  }

  synchronized long pausedPodCount(Workload w) {
    return controls.pausedPodCount(w);
  }
}
