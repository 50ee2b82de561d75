package io.strata.console;

import io.strata.events.Correlation;
import io.strata.events.alert.AlertEvent;
import io.strata.events.alert.AlertStatus;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.HealthStatus;
import io.strata.events.incident.AlertEvidence;
import io.strata.events.incident.DeviceEvidence;
import io.strata.events.incident.Evidence;
import io.strata.events.incident.ExemplarTrace;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import io.strata.events.incident.Scope;
import io.strata.events.incident.Severity;
import io.strata.events.incident.Signal;
import io.strata.events.incident.Trigger;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionRecord;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.ReviewOutcome;
import io.strata.events.remediation.ReviewRecord;
import io.strata.events.remediation.TargetRef;
import io.strata.events.trace.SpanKind;
import io.strata.events.trace.SpanStatus;
import io.strata.events.trace.SpanSummary;
import io.strata.events.trace.Stage;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** A DEVICE_FAULT on gpu-node-003 of inference/llm-serve, as the demo's XID 79 produces. */
public final class Fixtures {

  public static final Instant OPENED = Instant.parse("2026-12-01T10:00:00Z");
  public static final String INCIDENT = "inc-f9232929";
  public static final String TRACE = "38f9413af6bcf8a4b88875fa61ba2e0b";
  public static final String GPU = "GPU-9972f544-b58c-39ac-bea1-d9ba532c6d3d";
  public static final String NODE = "gpu-node-003";
  public static final String CORDON = "act-e79c0234fd22daf84871";

  private Fixtures() {}

  public static Incident incident(long revision, IncidentState state) {
    return incident(INCIDENT, revision, state, "local", "inference", "llm-serve", OPENED);
  }

  public static Incident incident(
      String id,
      long revision,
      IncidentState state,
      String cluster,
      String namespace,
      String workload,
      Instant opened) {
    Correlation correlation =
        Correlation.builder()
            .cluster(cluster)
            .namespace(namespace)
            .workload(workload)
            .modelVersion("v1")
            .node(NODE)
            .build();
    Evidence evidence =
        new Evidence(
            List.of(
                new ExemplarTrace(
                    TRACE,
                    1840.0,
                    Stage.GPU_EXECUTE,
                    Map.of(Stage.QUEUE_WAIT, 20.0, Stage.GPU_EXECUTE, 1700.0),
                    "llm-serve-7c9f-abcde",
                    NODE,
                    GPU)),
            List.of(
                new DeviceEvidence(
                    NODE, GPU, Map.of("gpu_temp_celsius", 91.0), List.of(79), HealthStatus.FAIL)),
            List.of("NodeNotReady x1: GPU fell off the bus"),
            List.of(),
            List.of());
    return new Incident(
        id,
        revision,
        IncidentClass.DEVICE_FAULT,
        Severity.CRITICAL,
        state,
        "XID 79 on " + NODE,
        correlation,
        new Scope(
            cluster,
            List.of(NODE),
            List.of(GPU),
            List.of(namespace + "/" + workload),
            List.of("v1"),
            true,
            true,
            true),
        new Trigger(Signal.XID, 79, null, "xid", opened, opened.plusSeconds(1)),
        Stage.GPU_EXECUTE,
        evidence,
        List.of(ActionType.CORDON_NODE, ActionType.PAUSE_NEW_BATCHES),
        opened,
        opened.plusSeconds(revision),
        state == IncidentState.RESOLVED ? opened.plusSeconds(35) : null,
        state == IncidentState.RESOLVED ? 34_600L : null,
        Incident.FIRST_EPISODE,
        null);
  }

  public static RemediationAction cordon(ActionState state, Instant at) {
    boolean decided = state != ActionState.PROPOSED;
    return new RemediationAction(
        CORDON,
        INCIDENT,
        1,
        ActionType.CORDON_NODE,
        state,
        new TargetRef("v1", "Node", null, NODE),
        "{\"spec\":{\"unschedulable\":true}}",
        "{\"spec\":{\"unschedulable\":null}}",
        ActionOutcomeReason.UNSPECIFIED,
        "step 1 of the DEVICE_FAULT plan",
        decided ? "alice" : null,
        decided ? ApprovalChannel.REST : ApprovalChannel.UNSPECIFIED,
        decided ? at : null,
        state == ActionState.EXECUTED ? 1 : 0,
        3,
        false,
        Correlation.empty(),
        at);
  }

  /** A request span (root) with queue.wait and gpu.execute children. */
  public static List<SpanSummary> spans() {
    String root = "00f067aa0ba902b7";
    return List.of(
        span("00f067aa0ba902b7", null, "POST /v1/completions", Stage.REQUEST, 0, 1840),
        span("1111111111111111", root, "queue.wait", Stage.QUEUE_WAIT, 10, 20),
        span("2222222222222222", root, "gpu.execute", Stage.GPU_EXECUTE, 30, 1700));
  }

  private static SpanSummary span(
      String id, String parent, String name, Stage stage, long startMs, long durationMs) {
    return new SpanSummary(
        TRACE,
        id,
        parent,
        name,
        stage,
        parent == null,
        SpanKind.SERVER,
        OPENED.minusSeconds(2).plusMillis(startMs),
        durationMs * 1_000_000L,
        SpanStatus.OK,
        null,
        "llm-serve",
        Correlation.builder().modelVersion("v1").pod("llm-serve-7c9f-abcde").build(),
        GPU,
        null,
        OPENED);
  }

  public static DeviceSample sample(Instant at, double temperature, HealthStatus health) {
    return new DeviceSample(
        "local",
        NODE,
        GPU,
        "3",
        null,
        "nvidia3",
        "NVIDIA H100 80GB HBM3",
        "550.54.15",
        null,
        null,
        DeviceOwner.none(),
        health,
        Map.of("gpu_temp_celsius", temperature, "power_usage_watts", 690.5),
        Map.of(),
        health == HealthStatus.FAIL ? 79 : 0,
        "http://" + NODE + ":9400/metrics",
        at);
  }

  /** {@link #sample} of another GPU on another node (its key {@code cluster/node/gpu}). */
  public static DeviceSample sample(
      String node, String gpu, Instant at, double temperature, HealthStatus health) {
    DeviceSample base = sample(at, temperature, health);
    return new DeviceSample(
        base.cluster(),
        node,
        gpu,
        base.gpuIndex(),
        null,
        base.device(),
        base.modelName(),
        base.driverVersion(),
        null,
        null,
        base.owner(),
        base.health(),
        base.fields(),
        base.otherFields(),
        base.lastXid(),
        base.target(),
        at);
  }

  /** The incident with these exemplar traces instead of its own. */
  public static Incident withExemplars(Incident i, List<ExemplarTrace> exemplars) {
    Evidence e = i.evidence();
    return new Incident(
        i.incidentId(),
        i.revision(),
        i.incidentClass(),
        i.severity(),
        i.state(),
        i.summary(),
        i.correlation(),
        i.scope(),
        i.trigger(),
        i.longestStage(),
        new Evidence(exemplars, e.devices(), e.k8sEvents(), e.findings(), e.notes()),
        i.suggestedActions(),
        i.openedAt(),
        i.updatedAt(),
        i.resolvedAt(),
        i.timeToRecoverMillis(),
        Incident.FIRST_EPISODE,
        null);
  }

  /** Alertmanager's fingerprint of the crash-looping alert's label set (16 hex digits). */
  public static final String CRASH_LOOP = "8e3a5c1f0b7d4e29";

  /**
   * The e2e's context alert: KubePodCrashLooping on batch/trainer-0 of cluster local, which names
   * no workload and no node (so no incident takes it).
   */
  public static AlertEvent crashLooping(
      AlertStatus status, Instant startsAt, Instant endsAt, Instant receivedAt) {
    return alert(
        CRASH_LOOP,
        "KubePodCrashLooping",
        status,
        Map.of(
            "alertname", "KubePodCrashLooping",
            "namespace", "batch",
            "pod", "trainer-0",
            "severity", "warning"),
        Map.of("summary", "Pod batch/trainer-0 is crash looping"),
        Correlation.builder().cluster("local").namespace("batch").pod("trainer-0").build(),
        null,
        startsAt,
        endsAt,
        "http://prometheus.local:9090/graph?g0.expr=kube_pod_container_status_restarts_total",
        receivedAt);
  }

  /** An alert as trace-ingest publishes it (receiver {@code strata}, severity from the labels). */
  public static AlertEvent alert(
      String fingerprint,
      String alertName,
      AlertStatus status,
      Map<String, String> labels,
      Map<String, String> annotations,
      Correlation correlation,
      String gpuUuid,
      Instant startsAt,
      Instant endsAt,
      String generatorUrl,
      Instant receivedAt) {
    return new AlertEvent(
        fingerprint,
        correlation.cluster(),
        status,
        alertName,
        labels.get("severity"),
        labels,
        annotations,
        startsAt,
        endsAt,
        generatorUrl,
        "strata",
        "http://alertmanager.local:9093",
        correlation,
        gpuUuid,
        receivedAt);
  }

  /** The alert as the correlator joins it to an incident's evidence. */
  public static AlertEvidence evidence(AlertEvent alert) {
    String summary = alert.annotations().get("summary");
    return new AlertEvidence(
        alert.fingerprint(),
        alert.alertName(),
        alert.status(),
        alert.severity(),
        summary != null ? summary : alert.annotations().get("description"),
        alert.startsAt(),
        alert.endsAt(),
        alert.generatorUrl());
  }

  /** The incident with these alerts on its evidence. */
  public static Incident withAlerts(Incident i, List<AlertEvidence> alerts) {
    return new Incident(
        i.incidentId(),
        i.revision(),
        i.incidentClass(),
        i.severity(),
        i.state(),
        i.summary(),
        i.correlation(),
        i.scope(),
        i.trigger(),
        i.longestStage(),
        i.evidence().withAlerts(alerts),
        i.suggestedActions(),
        i.openedAt(),
        i.updatedAt(),
        i.resolvedAt(),
        i.timeToRecoverMillis(),
        i.episode(),
        i.reopenedAt());
  }

  public static ReviewRecord review() {
    return new ReviewRecord(
        INCIDENT,
        IncidentClass.DEVICE_FAULT,
        ReviewOutcome.RECOVERED,
        new Trigger(Signal.XID, 79, null, "xid", OPENED, OPENED.plusSeconds(1)),
        List.of(
            Correlation.builder()
                .namespace("inference")
                .workload("llm-serve")
                .modelVersion("v1")
                .build()),
        TRACE,
        List.of(
            new DeviceEvidence(
                NODE, GPU, Map.of("gpu_temp_celsius", 91.0), List.of(79), HealthStatus.FAIL)),
        List.of(
            new ActionRecord(
                CORDON,
                ActionType.CORDON_NODE,
                ActionState.EXECUTED,
                new TargetRef("v1", "Node", null, NODE),
                "alice",
                ApprovalChannel.REST,
                OPENED.plusSeconds(6),
                OPENED.plusSeconds(7),
                null)),
        OPENED,
        OPENED.plusSeconds(7),
        OPENED.plusSeconds(35),
        7_200L,
        34_600L,
        List.of("spans without k8s.pod.name"),
        OPENED.plusSeconds(40));
  }
}
