package io.strata.correlator.streams;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.strata.correlator.config.CorrelatorSettings;
import io.strata.events.Correlation;
import io.strata.events.alert.AlertEvent;
import io.strata.events.alert.AlertStatus;
import io.strata.events.device.DeviceField;
import io.strata.events.device.DeviceFinding;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.HealthStatus;
import io.strata.events.device.XidAction;
import io.strata.events.device.XidEvent;
import io.strata.events.device.XidOrigin;
import io.strata.events.device.XidSource;
import io.strata.events.incident.Incident;
import io.strata.events.k8s.AllocatedResource;
import io.strata.events.k8s.ClaimState;
import io.strata.events.k8s.Condition;
import io.strata.events.k8s.NodeState;
import io.strata.events.k8s.ObjectRef;
import io.strata.events.k8s.PodPhase;
import io.strata.events.k8s.PodState;
import io.strata.events.k8s.WorkloadEvent;
import io.strata.events.k8s.WorkloadEventReason;
import io.strata.events.k8s.WorkloadKind;
import io.strata.events.topic.Keys;
import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import io.strata.events.trace.SpanKind;
import io.strata.events.trace.SpanStatus;
import io.strata.events.trace.SpanSummary;
import io.strata.events.trace.Stage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.test.TestRecord;

/**
 * A TopologyTestDriver around the real topology with short windows, and builders for the records
 * the other services publish. Time is event time, set by each call.
 */
public final class Scenario implements AutoCloseable {

  static final String CLUSTER = "c1";
  static final String NS = "ml";
  static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");

  final TopologyTestDriver driver;
  final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final TestInputTopic<String, PodState> pods;
  private final TestInputTopic<String, ClaimState> claims;
  private final TestInputTopic<String, NodeState> nodes;
  private final TestInputTopic<String, DeviceSample> samples;
  private final TestInputTopic<String, XidEvent> xids;
  private final TestInputTopic<String, WorkloadEvent> events;
  private final TestInputTopic<String, SpanSummary> spans;
  private final TestInputTopic<String, AlertEvent> alerts;
  private final TestOutputTopic<String, Incident> incidents;
  private final TestOutputTopic<String, DeviceFinding> findings;
  private final List<TestRecord<String, Incident>> incidentLog = new ArrayList<>();
  private final List<TestRecord<String, DeviceFinding>> findingLog = new ArrayList<>();
  private final Path stateDir;
  private long traceCounter;

  Scenario() {
    this(settings());
  }

  Scenario(CorrelatorSettings settings) {
    try {
      stateDir = Files.createTempDirectory("correlator-ttd-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Properties props = new Properties();
    props.put(StreamsConfig.APPLICATION_ID_CONFIG, "correlator-scenario");
    props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
    props.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
    driver =
        new TopologyTestDriver(
            CorrelatorTopology.build(settings, new CorrelatorMetrics(registry)), props, T0);
    pods = input(Topics.K8S_PODS);
    claims = input(Topics.K8S_CLAIMS);
    nodes = input(Topics.K8S_NODES);
    samples = input(Topics.DEVICE_SAMPLES);
    xids = input(Topics.DEVICE_XIDS);
    events = input(Topics.K8S_EVENTS);
    spans = input(Topics.TRACE_SPANS);
    alerts = input(Topics.ALERTS);
    incidents =
        driver.createOutputTopic(
            Topics.INCIDENTS.name(),
            Topics.INCIDENTS.keySerde().deserializer(),
            Topics.INCIDENTS.valueSerde().deserializer());
    findings =
        driver.createOutputTopic(
            Topics.DEVICE_FINDINGS.name(),
            Topics.DEVICE_FINDINGS.keySerde().deserializer(),
            Topics.DEVICE_FINDINGS.valueSerde().deserializer());
  }

  /** A workload's whole view as the workload side assembles it from its stores. */
  io.strata.correlator.core.state.WorkloadView workload(String workloadKey) {
    return WorkloadParts.assemble(
        workloadKey,
        driver
            .<String, io.strata.correlator.core.state.WorkloadView>getKeyValueStore(
                StoreNames.WORKLOADS)
            .get(workloadKey),
        driver.<String, io.strata.correlator.core.state.GpuSnapshot>getKeyValueStore(
            StoreNames.WORKLOAD_GPUS),
        driver.<String, io.strata.correlator.core.state.PodBrief>getKeyValueStore(
            StoreNames.WORKLOAD_PODS));
  }

  /** Short windows so a scenario takes a few simulated minutes. */
  public static CorrelatorSettings settings() {
    return new CorrelatorSettings(
        new CorrelatorSettings.Traces(
            Duration.ofSeconds(1), Duration.ZERO, 200_000, Duration.ofMinutes(1)),
        new CorrelatorSettings.Windows(
            Duration.ofSeconds(10),
            Duration.ofSeconds(5),
            Duration.ofSeconds(1),
            Duration.ofMillis(500),
            3),
        new CorrelatorSettings.Regression(
            5,
            1.5,
            Duration.ofMillis(50),
            0.05,
            10,
            3,
            1.2,
            Duration.ofMinutes(5),
            Duration.ofMinutes(5),
            0.3),
        new CorrelatorSettings.Lifecycle(
            2,
            3,
            Duration.ofMinutes(1),
            Duration.ofMinutes(5),
            3,
            Duration.ofMinutes(2),
            Duration.ofHours(24)),
        new CorrelatorSettings.Ownership(Duration.ofSeconds(30), true),
        new CorrelatorSettings.Device(
            85.0, Duration.ofMinutes(5), Duration.ofMillis(100), Duration.ofSeconds(30)),
        CorrelatorSettings.Alerts.defaults(),
        1,
        6,
        Materialized.StoreType.IN_MEMORY);
  }

  private <V> TestInputTopic<String, V> input(Topic<String, V> topic) {
    return driver.createInputTopic(
        topic.name(), topic.keySerde().serializer(), topic.valueSerde().serializer());
  }

  static Instant at(long seconds) {
    return T0.plusSeconds(seconds);
  }

  // ---- Kubernetes -------------------------------------------------------------------------

  static PodState pod(
      String name,
      String workload,
      String node,
      String modelVersion,
      PodPhase phase,
      String... gpus) {
    Correlation correlation =
        Correlation.builder()
            .cluster(CLUSTER)
            .namespace(NS)
            .workload(workload)
            .pod(name)
            .node(node)
            .modelVersion(modelVersion)
            .build();
    List<AllocatedResource> allocated = new ArrayList<>();
    for (String gpu : gpus) {
      allocated.add(new AllocatedResource("server", "nvidia.com/gpu", gpu, "Healthy"));
    }
    return new PodState(
        "uid-" + name,
        correlation,
        WorkloadKind.DEPLOYMENT,
        null,
        phase,
        null,
        null,
        Map.of("nvidia.com/gpu", (long) Math.max(1, gpus.length)),
        null,
        null,
        allocated,
        0,
        null,
        "1",
        T0,
        T0);
  }

  /** Publishes a pod state as the watcher would, observed at {@code at}. */
  void pod(PodState pod, Instant at) {
    PodState observed =
        new PodState(
            pod.uid(),
            pod.correlation(),
            pod.workloadKind(),
            pod.knativeRevision(),
            pod.phase(),
            pod.conditions(),
            pod.containers(),
            pod.gpuRequests(),
            pod.gpuLimits(),
            pod.claims(),
            pod.allocatedResources(),
            pod.restartCount(),
            pod.lastTerminationReason(),
            pod.resourceVersion(),
            pod.createdAt(),
            at);
    pods.pipeInput(Keys.pod(CLUSTER, NS, pod.correlation().pod()), observed, at);
  }

  void podDeleted(String name, Instant at) {
    pods.pipeInput(Keys.pod(CLUSTER, NS, name), null, at);
  }

  /** Publishes a node state as the watcher would: cordoned or not, Ready or not. */
  void node(String name, boolean cordoned, boolean ready, Instant at) {
    NodeState state =
        new NodeState(
            CLUSTER,
            name,
            !cordoned,
            cordoned,
            List.of(),
            List.of(
                new Condition(
                    "Ready", ready ? "True" : "False", ready ? null : "KubeletNotReady", null, at)),
            Map.of("nvidia.com/gpu", 8L),
            Map.of("nvidia.com/gpu", 8L),
            "H100",
            Map.of(),
            "1",
            at);
    nodes.pipeInput(Keys.node(CLUSTER, name), state, at);
  }

  void claim(ClaimState claim, Instant at) {
    claims.pipeInput(Keys.claim(CLUSTER, claim.namespace(), claim.name()), claim, at);
  }

  void event(WorkloadEventReason reason, String pod, String workload, String message, Instant at) {
    event(reason, pod, workload, message, 1, at);
  }

  /** The same Event object (one uid per pod and reason) with the given count. */
  void event(
      WorkloadEventReason reason,
      String pod,
      String workload,
      String message,
      int count,
      Instant at) {
    WorkloadEvent event =
        new WorkloadEvent(
            "ev-" + pod + "-" + reason,
            CLUSTER,
            new ObjectRef("v1", "Pod", NS, pod, "uid-" + pod),
            reason,
            reason.kubernetesReason(),
            "Warning",
            message,
            count,
            at,
            at,
            "default-scheduler",
            Correlation.builder()
                .cluster(CLUSTER)
                .namespace(NS)
                .workload(workload)
                .pod(pod)
                .build(),
            at);
    events.pipeInput(Keys.pod(CLUSTER, NS, pod), event, at);
  }

  // ---- devices ------------------------------------------------------------------------------

  static DeviceSample sample(
      String node,
      String gpu,
      String ownerPod,
      HealthStatus health,
      Map<DeviceField, Double> fields) {
    Map<String, Double> values = new HashMap<>();
    fields.forEach((field, value) -> values.put(field.key(), value));
    DeviceOwner owner =
        ownerPod == null
            ? DeviceOwner.none()
            : new DeviceOwner(
                NS, ownerPod, "server", null, null, null, null, null, null, null, null, null);
    return new DeviceSample(
        CLUSTER,
        node,
        gpu,
        "0",
        null,
        "nvidia0",
        "NVIDIA H100",
        "550.54",
        null,
        null,
        owner,
        health,
        values,
        null,
        0,
        "http://" + node + ":9400/metrics",
        null);
  }

  static Map<DeviceField, Double> normalFields(double utilisation) {
    Map<DeviceField, Double> fields = new EnumMap<>(DeviceField.class);
    fields.put(DeviceField.GPU_UTIL, utilisation);
    fields.put(DeviceField.GPU_TEMP, 60.0);
    fields.put(DeviceField.SM_CLOCK, 1980.0);
    fields.put(DeviceField.THERMAL_VIOLATION, 0.0);
    fields.put(DeviceField.CLOCKS_EVENT_REASONS, 0.0);
    return fields;
  }

  void sample(DeviceSample sample, Instant at) {
    samples.pipeInput(Keys.gpu(CLUSTER, sample.node(), sample.gpuUuid()), sample, at);
  }

  /** An XID 79 (device side, catalog action RESTART_BM) as device-ingest publishes it. */
  static XidEvent xid79(String node, String gpu, Instant detectedAt) {
    return new XidEvent(
        "xid-79-" + gpu,
        CLUSTER,
        node,
        gpu,
        "0",
        79,
        "GPU_HAS_FALLEN_OFF_THE_BUS",
        null,
        XidAction.RESTART_BM,
        XidOrigin.DEVICE,
        XidSource.XID_ERRORS_COUNT,
        1,
        DeviceOwner.none(),
        null,
        detectedAt);
  }

  void xid(String node, String gpu, int xid, XidAction action, XidOrigin origin, Instant at) {
    xid(node, gpu, xid, action, origin, at, new RecordHeaders());
  }

  void xid(
      String node,
      String gpu,
      int xid,
      XidAction action,
      XidOrigin origin,
      Instant at,
      RecordHeaders headers) {
    XidEvent event =
        new XidEvent(
            "xid-" + gpu + "-" + at.toEpochMilli(),
            CLUSTER,
            node,
            gpu,
            "0",
            xid,
            "XID_" + xid,
            "test XID " + xid,
            action,
            origin,
            XidSource.XID_ERRORS_COUNT,
            1,
            DeviceOwner.none(),
            "http://" + node + ":9400/metrics",
            at);
    xids.pipeInput(new TestRecord<>(Keys.gpu(CLUSTER, node, gpu), event, headers, at));
  }

  // ---- alerts -------------------------------------------------------------------------------

  /**
   * An alert as trace-ingest's Alertmanager receiver publishes it: {@code names} is what its labels
   * were mapped to (cluster set), {@code gpu} the GPU they name or null.
   */
  static AlertEvent alert(
      String fingerprint,
      AlertStatus status,
      String alertName,
      Map<String, String> labels,
      Correlation names,
      String gpu,
      Instant startsAt,
      Instant endsAt) {
    Map<String, String> all = new HashMap<>(labels);
    all.put("alertname", alertName);
    return new AlertEvent(
        fingerprint,
        CLUSTER,
        status,
        alertName,
        labels.get("severity"),
        all,
        Map.of("summary", alertName + " fired"),
        startsAt,
        endsAt,
        "http://prometheus:9090/graph?g0.expr=" + alertName,
        "strata",
        "http://alertmanager:9093",
        names,
        gpu,
        status == AlertStatus.RESOLVED ? endsAt : startsAt);
  }

  /** Publishes an alert as the receiver would, keyed by its fingerprint. */
  void alert(AlertEvent alert, Instant at) {
    alerts.pipeInput(alert.fingerprint(), alert, at);
  }

  // ---- traces -------------------------------------------------------------------------------

  /** Who serves a request. */
  record Server(String workload, String pod, String node, String gpu, String modelVersion) {}

  /**
   * One request: a root span plus one span per stage, run back to back from {@code start}, all
   * published when the request ends.
   */
  String request(Server server, Instant start, Map<Stage, Long> stageMillis, boolean error) {
    String traceId = String.format("%032x", ++traceCounter);
    Correlation correlation = correlation(server);
    Instant cursor = start;
    List<SpanSummary> stageSpans = new ArrayList<>();
    int spanCounter = 1;
    for (Map.Entry<Stage, Long> stage : stageMillis.entrySet()) {
      stageSpans.add(
          span(
              traceId,
              ++spanCounter,
              stage.getKey(),
              false,
              cursor,
              stage.getValue(),
              false,
              correlation,
              stage.getKey() == Stage.GPU_EXECUTE ? server.gpu() : null));
      cursor = cursor.plusMillis(stage.getValue());
    }
    long total = Duration.between(start, cursor).toMillis() + 2;
    Instant end = start.plusMillis(total);
    // Children end first, as exporters send them: the root span comes last.
    stageSpans.forEach(span -> spans.pipeInput(traceId, span, end));
    spans.pipeInput(
        traceId,
        span(traceId, 1, Stage.REQUEST, true, start, total, error, correlation, null),
        end);
    return traceId;
  }

  /** A straggler: one more stage span of an earlier request's trace, published at {@code at}. */
  void straggler(String traceId, Server server, Instant at) {
    spans.pipeInput(
        traceId,
        span(traceId, 99, Stage.RESPONSE_ENCODE, false, at, 1, false, correlation(server), null),
        at);
  }

  private static Correlation correlation(Server server) {
    return Correlation.builder()
        .cluster(CLUSTER)
        .namespace(NS)
        .workload(server.workload())
        .pod(server.pod())
        .node(server.node())
        .modelVersion(server.modelVersion())
        .build();
  }

  private static SpanSummary span(
      String traceId,
      int n,
      Stage stage,
      boolean root,
      Instant start,
      long millis,
      boolean error,
      Correlation correlation,
      String gpu) {
    return new SpanSummary(
        traceId,
        String.format("%016x", n),
        root ? null : String.format("%016x", 1),
        stage.name().toLowerCase(),
        stage,
        root,
        root ? SpanKind.SERVER : SpanKind.INTERNAL,
        start,
        millis * 1_000_000L,
        error ? SpanStatus.ERROR : SpanStatus.OK,
        null,
        "inference",
        correlation,
        gpu,
        null,
        start);
  }

  /** Requests every {@code every} from {@code from} (inclusive) to {@code to} (exclusive). */
  void traffic(
      Instant from,
      Instant to,
      Duration every,
      Function<Instant, Server> server,
      Function<Instant, Map<Stage, Long>> stages) {
    for (Instant t = from; t.isBefore(to); t = t.plus(every)) {
      request(server.apply(t), t, stages.apply(t), false);
    }
  }

  static Map<Stage, Long> stages(long queue, long load, long prepare, long execute, long encode) {
    Map<Stage, Long> stages = new LinkedHashMap<>();
    stages.put(Stage.QUEUE_WAIT, queue);
    if (load > 0) {
      stages.put(Stage.MODEL_LOAD, load);
    }
    stages.put(Stage.BATCH_PREPARE, prepare);
    stages.put(Stage.GPU_EXECUTE, execute);
    stages.put(Stage.RESPONSE_ENCODE, encode);
    return stages;
  }

  static Map<Stage, Long> healthy() {
    return stages(20, 0, 10, 100, 5);
  }

  // ---- outputs ------------------------------------------------------------------------------

  /** Every incident record published so far, in order. */
  List<Incident> incidents() {
    incidentLog.addAll(incidents.readRecordsToList());
    return incidentLog.stream().map(TestRecord::value).toList();
  }

  List<TestRecord<String, Incident>> incidentRecords() {
    incidents();
    return incidentLog;
  }

  List<DeviceFinding> findings() {
    findingLog.addAll(findings.readRecordsToList());
    return findingLog.stream().map(TestRecord::value).toList();
  }

  List<TestRecord<String, DeviceFinding>> findingRecords() {
    findings();
    return findingLog;
  }

  @Override
  public void close() {
    driver.close();
    try (var files = Files.walk(stateDir)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
