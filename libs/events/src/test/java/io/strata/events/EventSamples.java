package io.strata.events;

import io.strata.events.alert.AlertEvent;
import io.strata.events.alert.AlertStatus;
import io.strata.events.device.DeviceField;
import io.strata.events.device.DeviceFinding;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.FindingKind;
import io.strata.events.device.FindingReason;
import io.strata.events.device.HealthStatus;
import io.strata.events.device.XidAction;
import io.strata.events.device.XidEvent;
import io.strata.events.device.XidOrigin;
import io.strata.events.device.XidSource;
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
import io.strata.events.k8s.AllocatedDevice;
import io.strata.events.k8s.AllocatedResource;
import io.strata.events.k8s.ClaimState;
import io.strata.events.k8s.Condition;
import io.strata.events.k8s.ContainerState;
import io.strata.events.k8s.NodeState;
import io.strata.events.k8s.ObjectRef;
import io.strata.events.k8s.PodClaimRef;
import io.strata.events.k8s.PodPhase;
import io.strata.events.k8s.PodState;
import io.strata.events.k8s.Taint;
import io.strata.events.k8s.WorkloadEvent;
import io.strata.events.k8s.WorkloadEventReason;
import io.strata.events.k8s.WorkloadKind;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionRecord;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.LogLinkRef;
import io.strata.events.remediation.PolicyMode;
import io.strata.events.remediation.PolicyRef;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.ReviewOutcome;
import io.strata.events.remediation.ReviewRecord;
import io.strata.events.remediation.TargetRef;
import io.strata.events.topic.Keys;
import io.strata.events.trace.SpanKind;
import io.strata.events.trace.SpanStatus;
import io.strata.events.trace.SpanSummary;
import io.strata.events.trace.Stage;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Realistic instances of every event record. Each event has every field set (no nulls, no empty
 * collections, no UNSPECIFIED enums) so that round-trip and schema tests exercise the whole shape;
 * nested records may leave a field unset where Kubernetes would (a node taint has no device), as
 * long as some sample sets it. The story is one incident: GPU 3 of gpu-node-07 falls off the bus
 * while serving llama-3-70b.
 */
public final class EventSamples {

  public static final String CLUSTER = "prod-us-east-1";
  public static final String NODE = "gpu-node-07";
  public static final String NAMESPACE = "inference";
  public static final String POD = "llama-70b-7d9f8c6b5-x2kqp";
  public static final String GPU_UUID = "GPU-5c2a1f3e-8b7d-4e21-9f0a-3d6c2b1a9e47";
  public static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
  public static final String INCIDENT_ID = "inc-7f3c9a12-device_fault-gpu-node-07";
  public static final String ACCELERATOR = "nvidia-h100-80gb-hbm3";
  public static final String TARGET = "http://10.42.7.19:9400/metrics";

  /** Nanosecond precision on purpose: instants must round-trip exactly. */
  public static final Instant T0 = Instant.parse("2026-03-14T09:26:53.589793238Z");

  private EventSamples() {}

  /** The sample of an event type; a new EventType constant does not compile until it has one. */
  public static Object of(EventType type) {
    return switch (type) {
      case DEVICE_SAMPLE -> deviceSample();
      case XID_EVENT -> xidEvent();
      case DEVICE_FINDING -> deviceFinding();
      case POD_STATE -> podState();
      case NODE_STATE -> nodeState();
      case CLAIM_STATE -> claimState();
      case WORKLOAD_EVENT -> workloadEvent();
      case SPAN_SUMMARY -> spanSummary();
      case INCIDENT -> incident();
      case REMEDIATION_ACTION -> remediationAction();
      case REVIEW_RECORD -> reviewRecord();
      case ALERT_EVENT -> alertEvent();
    };
  }

  /** The record key a producer would use for this sample (see Topics' key descriptions). */
  public static String keyOf(Object event) {
    if (event instanceof DeviceSample s) {
      return Keys.gpu(s.cluster(), s.node(), s.gpuUuid());
    } else if (event instanceof XidEvent x) {
      return Keys.gpu(x.cluster(), x.node(), x.gpuUuid());
    } else if (event instanceof DeviceFinding f) {
      return Keys.gpu(f.cluster(), f.node(), f.gpuUuid());
    } else if (event instanceof PodState p) {
      Correlation c = p.correlation();
      return Keys.pod(c.cluster(), c.namespace(), c.pod());
    } else if (event instanceof NodeState n) {
      return Keys.node(n.cluster(), n.name());
    } else if (event instanceof ClaimState c) {
      return Keys.claim(c.cluster(), c.namespace(), c.name());
    } else if (event instanceof WorkloadEvent e) {
      return Keys.pod(e.cluster(), e.involvedObject().namespace(), e.involvedObject().name());
    } else if (event instanceof SpanSummary s) {
      return s.traceId();
    } else if (event instanceof Incident i) {
      return i.incidentId();
    } else if (event instanceof RemediationAction a) {
      return a.incidentId();
    } else if (event instanceof ReviewRecord r) {
      return r.incidentId();
    } else if (event instanceof AlertEvent a) {
      return a.fingerprint();
    }
    throw new IllegalArgumentException("no key rule for " + event);
  }

  public static Correlation workload() {
    return Correlation.builder()
        .cluster(CLUSTER)
        .node(NODE)
        .namespace(NAMESPACE)
        .workload("llama-70b")
        .job("llama-70b-serving")
        .pod(POD)
        .container("vllm")
        .modelVersion("llama-3-70b-instruct@2026-03-01")
        .queue("inference-high")
        .acceleratorType(ACCELERATOR)
        .build();
  }

  public static DeviceOwner owner() {
    return new DeviceOwner(
        NAMESPACE,
        POD,
        "vllm",
        "8f14e45f-ceea-467f-a0b3-2b1c9e4d6a70",
        "vgpu-0",
        NAMESPACE,
        "llama-70b-gpu-claim-k7x9z",
        "gpu.nvidia.com",
        NODE,
        "gpu-3",
        "1g.10gb",
        "MIG-0c8f9a3e-5d2b-5e7f-a1c4-9b6d3e2f1a08");
  }

  public static DeviceSample deviceSample() {
    return new DeviceSample(
        CLUSTER,
        NODE,
        GPU_UUID,
        "3",
        "00000000:3B:00.0",
        "nvidia3",
        "NVIDIA H100 80GB HBM3",
        "550.54.15",
        "1g.10gb",
        "7",
        owner(),
        HealthStatus.WARN,
        Map.of(
            DeviceField.GPU_TEMP.key(), 83.0,
            DeviceField.POWER_USAGE.key(), 612.5,
            DeviceField.SM_CLOCK.key(), 1980.0,
            DeviceField.GPU_UTIL.key(), 97.0,
            DeviceField.FB_USED.key(), 71234.0,
            DeviceField.PROF_SM_ACTIVE.key(), 0.8125,
            DeviceField.PCIE_REPLAY_COUNTER.key(), 12.0),
        Map.of(
            "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL", 3.0, "DCGM_EXP_XID_ERRORS_COUNT", 1.0),
        79,
        TARGET,
        T0);
  }

  public static XidEvent xidEvent() {
    return new XidEvent(
        "xid-" + GPU_UUID + "-79-1",
        CLUSTER,
        NODE,
        GPU_UUID,
        "3",
        79,
        "ROBUST_CHANNEL_GPU_HAS_FALLEN_OFF_THE_BUS",
        "GPU has fallen off the bus",
        XidAction.RESTART_BM,
        XidOrigin.DEVICE,
        XidSource.XID_ERRORS_COUNT,
        1,
        owner(),
        TARGET,
        T0.plusMillis(15));
  }

  public static DeviceFinding deviceFinding() {
    return new DeviceFinding(
        "finding-ownership-" + GPU_UUID,
        FindingKind.OWNERSHIP_MISMATCH,
        FindingReason.POD_DIFFERS,
        CLUSTER,
        NODE,
        TARGET,
        GPU_UUID,
        "exporter says inference/" + POD + ", Kubernetes says inference/llama-70b-7d9f8c6b5-q8wzl",
        List.of("DCGM_FI_PROF_DRAM_ACTIVE", "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE"),
        owner(),
        new DeviceOwner(
            NAMESPACE,
            "llama-70b-7d9f8c6b5-q8wzl",
            "vllm",
            "0b7e3f9a-2c41-4d8e-9a6f-5e1d2c3b4a59",
            null,
            NAMESPACE,
            "llama-70b-gpu-claim-m2p4r",
            "gpu.nvidia.com",
            NODE,
            "gpu-3",
            null,
            null),
        Map.of(118, "expected a value after the metric name", 240, "duplicate HELP line"),
        2,
        T0.plusSeconds(90));
  }

  public static PodState podState() {
    Correlation identity =
        Correlation.builder()
            .cluster(CLUSTER)
            .node(NODE)
            .namespace(NAMESPACE)
            .workload("llama-70b")
            .job("llama-70b-serving")
            .pod(POD)
            .modelVersion("llama-3-70b-instruct@2026-03-01")
            .queue("inference-high")
            .acceleratorType(ACCELERATOR)
            .build();
    return new PodState(
        "8f14e45f-ceea-467f-a0b3-2b1c9e4d6a70",
        identity,
        WorkloadKind.KNATIVE_SERVICE,
        "llama-70b-00042",
        PodPhase.RUNNING,
        List.of(
            new Condition("Ready", "True", null, null, T0.minusSeconds(3600)),
            new Condition(
                "PodScheduled", "True", "Scheduled", "assigned to " + NODE, T0.minusSeconds(3700))),
        List.of(
            new ContainerState(
                "vllm",
                "registry.example.internal/vllm/vllm-openai:v0.8.2",
                Map.of("nvidia.com/gpu", 1L),
                Map.of("nvidia.com/gpu", 1L),
                2,
                true,
                "OOMKilled",
                137)),
        Map.of("nvidia.com/gpu", 1L),
        Map.of("nvidia.com/gpu", 1L),
        List.of(new PodClaimRef("gpu", "llama-70b-gpu-claim-k7x9z")),
        List.of(new AllocatedResource("vllm", "nvidia.com/gpu", GPU_UUID, "Healthy")),
        2,
        "OOMKilled",
        "184467",
        T0.minusSeconds(3720),
        T0.plusMillis(40));
  }

  public static NodeState nodeState() {
    return new NodeState(
        CLUSTER,
        NODE,
        false,
        true,
        List.of(new Taint("node.kubernetes.io/unschedulable", null, "NoSchedule", null)),
        List.of(
            new Condition("Ready", "True", "KubeletReady", "kubelet is posting ready status", T0)),
        Map.of("nvidia.com/gpu", 8L),
        Map.of("nvidia.com/gpu", 7L),
        ACCELERATOR,
        Map.of(
            "nvidia.com/gpu.product", "NVIDIA-H100-80GB-HBM3",
            "topology.kubernetes.io/zone", "us-east-1a"),
        "991245",
        T0.plusSeconds(120));
  }

  public static ClaimState claimState() {
    return new ClaimState(
        CLUSTER,
        NAMESPACE,
        "llama-70b-gpu-claim-k7x9z",
        "5a3e1c9d-7b2f-4e6a-8d0c-1f9e2b7a4c63",
        "v1",
        true,
        NODE,
        List.of(new AllocatedDevice("gpu", "gpu.nvidia.com", NODE, "gpu-3", GPU_UUID, false)),
        List.of(new ObjectRef("v1", "Pod", NAMESPACE, POD, "8f14e45f-ceea-467f-a0b3-2b1c9e4d6a70")),
        List.of(new Taint("gpu.nvidia.com/xid", "79", "NoExecute", "gpu-3")),
        "184502",
        T0.plusSeconds(30));
  }

  public static WorkloadEvent workloadEvent() {
    return new WorkloadEvent(
        "c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f",
        CLUSTER,
        new ObjectRef(
            "v1",
            "Pod",
            NAMESPACE,
            "llama-70b-7d9f8c6b5-zz7mn",
            "6e2b9c4d-1f3a-4b8e-9c7d-0a5f2e8b3d14"),
        WorkloadEventReason.FAILED_SCHEDULING,
        "FailedScheduling",
        "Warning",
        "0/4 nodes are available: 4 Insufficient nvidia.com/gpu.",
        3,
        T0.minusSeconds(240),
        T0.plusSeconds(60),
        "default-scheduler",
        workload(),
        T0.plusSeconds(61));
  }

  public static SpanSummary spanSummary() {
    return new SpanSummary(
        TRACE_ID,
        "00f067aa0ba902b7",
        "53995c3f42cd8ad8",
        "gpu.execute",
        Stage.GPU_EXECUTE,
        false,
        SpanKind.INTERNAL,
        T0.minusMillis(2400),
        2_180_000_000L,
        SpanStatus.ERROR,
        "CUDA error: unspecified launch failure",
        "llama-70b",
        workload(),
        GPU_UUID,
        512L,
        T0.plusMillis(250));
  }

  public static DeviceEvidence deviceEvidence() {
    return new DeviceEvidence(
        NODE,
        GPU_UUID,
        Map.of(DeviceField.GPU_TEMP.key(), 83.0, DeviceField.POWER_USAGE.key(), 612.5),
        List.of(79),
        HealthStatus.FAIL);
  }

  /** The alert that joined the incident, as Alertmanager resolved it. */
  public static AlertEvidence alertEvidence() {
    return new AlertEvidence(
        "30d13215198d778a",
        "GpuXidError",
        AlertStatus.RESOLVED,
        "critical",
        "XID 79 on GPU 3 of " + NODE,
        T0,
        T0.plusSeconds(398),
        "http://prometheus-k8s-0:9090/graph?g0.expr=DCGM_FI_DEV_XID_ERRORS+%3E+0&g0.tab=1");
  }

  public static Trigger trigger() {
    return new Trigger(
        Signal.XID, 79.0, 0.0, "xid", T0.minus(Duration.ofMinutes(5)), T0.plusSeconds(60));
  }

  /** The second episode of a reopened incident, so the episode fields are exercised. */
  public static Incident incident() {
    return new Incident(
        INCIDENT_ID,
        4,
        IncidentClass.DEVICE_FAULT,
        Severity.CRITICAL,
        IncidentState.RESOLVED,
        "XID 79 (GPU has fallen off the bus) on " + NODE + " GPU 3 serving inference/llama-70b",
        workload(),
        new Scope(
            CLUSTER,
            List.of(NODE),
            List.of(GPU_UUID),
            List.of(NAMESPACE + "/llama-70b"),
            List.of("llama-3-70b-instruct@2026-03-01"),
            true,
            true,
            true),
        trigger(),
        Stage.GPU_EXECUTE,
        new Evidence(
            List.of(
                new ExemplarTrace(
                    TRACE_ID,
                    2431.5,
                    Stage.GPU_EXECUTE,
                    Map.of(Stage.QUEUE_WAIT, 120.25, Stage.GPU_EXECUTE, 2180.0),
                    POD,
                    NODE,
                    GPU_UUID)),
            List.of(deviceEvidence()),
            List.of("FailedScheduling x3: 0/4 nodes are available: 4 Insufficient nvidia.com/gpu"),
            List.of("ownership mismatch on " + GPU_UUID),
            List.of("model_version unchanged for 13 days"),
            List.of(alertEvidence())),
        List.of(ActionType.CORDON_NODE, ActionType.PAUSE_NEW_BATCHES),
        T0,
        T0.plusSeconds(600),
        T0.plusSeconds(540),
        420_000L,
        2,
        T0.plusSeconds(120));
  }

  /** The Knative Service the remediator lowers concurrency on. */
  public static TargetRef serviceTarget() {
    return new TargetRef("serving.knative.dev/v1", "Service", NAMESPACE, "llama-70b");
  }

  /** Step 2 of the plan, retrying after a transient API error. */
  public static RemediationAction remediationAction() {
    return new RemediationAction(
        "act-" + INCIDENT_ID + "-2",
        INCIDENT_ID,
        2,
        ActionType.LOWER_CONCURRENCY,
        ActionState.EXECUTING,
        serviceTarget(),
        "{\"spec\":{\"template\":{\"spec\":{\"containerConcurrency\":4}}}}",
        "{\"spec\":{\"template\":{\"spec\":{\"containerConcurrency\":16}}}}",
        ActionOutcomeReason.TRANSIENT_API_ERROR,
        "503 from the API server on attempt 1; retrying",
        "U024BE7LH",
        ApprovalChannel.SLACK,
        T0.plusSeconds(45),
        2,
        3,
        false,
        workload(),
        T0.plusSeconds(47),
        2,
        new PolicyRef("serving-propose", PolicyMode.PROPOSE));
  }

  public static ReviewRecord reviewRecord() {
    return new ReviewRecord(
        INCIDENT_ID,
        IncidentClass.DEVICE_FAULT,
        ReviewOutcome.RECOVERED,
        trigger(),
        List.of(workload()),
        TRACE_ID,
        List.of(deviceEvidence()),
        List.of(
            new ActionRecord(
                "act-" + INCIDENT_ID + "-2",
                ActionType.LOWER_CONCURRENCY,
                ActionState.REVERTED,
                serviceTarget(),
                "U024BE7LH",
                ApprovalChannel.SLACK,
                T0.plusSeconds(45),
                T0.plusSeconds(47),
                T0.plus(Duration.ofHours(6)),
                new PolicyRef("serving-propose", PolicyMode.PROPOSE))),
        T0,
        T0.plusSeconds(47),
        T0.plusSeconds(540),
        47_000L,
        540_000L,
        List.of("spans without k8s.pod.name", "exporter without pod labels on gpu-node-12"),
        T0.plus(Duration.ofHours(6)).plusSeconds(5),
        2,
        List.of(
            new LogLinkRef(
                "grafana",
                "trace " + TRACE_ID,
                "https://grafana.example/explore?schemaVersion=1&orgId=1&panes=%7B%22a%22%3A%7B"
                    + "%22datasource%22%3A%22loki%22%2C%22queries%22%3A%5B%7B%22refId%22%3A%22A%22"
                    + "%2C%22expr%22%3A%22%7Bpod%3D%5C%22"
                    + POD
                    + "%5C%22%7D%20%7C%3D%20%5C%22"
                    + TRACE_ID
                    + "%5C%22%22%7D%5D%7D%7D")));
  }

  /**
   * dcgm-exporter's XID 79 alert on GPU 3 as Alertmanager resolved it (labels as Prometheus
   * Operator's default scrape leaves them: the workload's under exported_*).
   */
  public static AlertEvent alertEvent() {
    return new AlertEvent(
        "30d13215198d778a",
        CLUSTER,
        AlertStatus.RESOLVED,
        "GpuXidError",
        "critical",
        Map.of(
            "alertname",
            "GpuXidError",
            "cluster",
            CLUSTER,
            "severity",
            "critical",
            "Hostname",
            NODE,
            "UUID",
            GPU_UUID,
            "gpu",
            "3",
            "err_code",
            "79",
            "exported_namespace",
            NAMESPACE,
            "exported_pod",
            POD,
            "exported_container",
            "vllm"),
        Map.of(
            "summary",
            "XID 79 on GPU 3 of " + NODE,
            "runbook_url",
            "https://runbooks.example.org/gpu/xid-79"),
        T0,
        T0.plusSeconds(398),
        "http://prometheus-k8s-0:9090/graph?g0.expr=DCGM_FI_DEV_XID_ERRORS+%3E+0&g0.tab=1",
        "strata",
        "http://alertmanager.monitoring:9093",
        Correlation.builder()
            .cluster(CLUSTER)
            .node(NODE)
            .namespace(NAMESPACE)
            .pod(POD)
            .container("vllm")
            .build(),
        GPU_UUID,
        T0.plusSeconds(400));
  }
}
