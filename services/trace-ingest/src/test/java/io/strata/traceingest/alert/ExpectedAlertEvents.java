package io.strata.traceingest.alert;

import io.strata.events.alert.AlertEvent;
import io.strata.events.alert.AlertStatus;
import java.time.Instant;
import java.util.List;

/**
 * The alert events the real bodies must become with the default label mapping, every mapped field
 * spelled out; labels and annotations are the body's own (WebhookParserTest reads those exactly).
 */
public final class ExpectedAlertEvents {

  public static final String CLUSTER = "prod-us-east-1";
  public static final String RECEIVER = "strata";
  public static final String EXTERNAL_URL = "http://alertmanager.monitoring:9093";
  public static final String XID_URL =
      "http://prometheus-k8s-0:9090/graph?g0.expr=DCGM_FI_DEV_XID_ERRORS+%3E+0&g0.tab=1";

  private ExpectedAlertEvents() {}

  /** GPU 3 (a pod on it, its labels renamed exported_*) and GPU 0 (idle) of gpu_xid_firing. */
  public static List<AlertEvent> gpuXidFiring(Instant receivedAt) {
    WebhookMessage body = AlertFixtures.parsed(AlertFixtures.GPU_XID_FIRING);
    return List.of(
        new AlertEvent(
            "30d13215198d778a",
            CLUSTER,
            AlertStatus.FIRING,
            "GpuXidError",
            "critical",
            body.alerts().get(0).labels(),
            body.alerts().get(0).annotations(),
            Instant.parse("2026-12-07T17:20:03.417Z"),
            null,
            XID_URL,
            RECEIVER,
            EXTERNAL_URL,
            AlertFixtures.podLevel(
                CLUSTER, "gpu-node-07", "inference", "llama-70b-7d9f8c6b5-x2kqp", "vllm"),
            "GPU-5c2a1f3e-8b7d-4e21-9f0a-3d6c2b1a9e47",
            receivedAt),
        new AlertEvent(
            "3f6a6800b709ca0b",
            CLUSTER,
            AlertStatus.FIRING,
            "GpuXidError",
            "critical",
            body.alerts().get(1).labels(),
            body.alerts().get(1).annotations(),
            Instant.parse("2026-12-07T17:21:33.417Z"),
            null,
            XID_URL,
            RECEIVER,
            EXTERNAL_URL,
            // No pod on the GPU: dcgm-exporter writes no pod labels, so the exporter's own target
            // labels are what remains (docs/services/trace-ingest.md, "Label mapping").
            AlertFixtures.podLevel(
                CLUSTER,
                "gpu-node-12",
                "gpu-operator",
                "nvidia-dcgm-exporter-q7f5d",
                "nvidia-dcgm-exporter"),
            "GPU-9e1b7c44-0d2f-4a8e-b5c6-71f3a0d4e812",
            receivedAt));
  }

  /** GPU 3's alert of gpu_xid_resolved, resolved. */
  public static AlertEvent gpu3Resolved(Instant receivedAt) {
    AlertEvent firing = gpuXidFiring(receivedAt).get(0);
    return new AlertEvent(
        firing.fingerprint(),
        firing.cluster(),
        AlertStatus.RESOLVED,
        firing.alertName(),
        firing.severity(),
        firing.labels(),
        firing.annotations(),
        firing.startsAt(),
        Instant.parse("2026-12-07T17:26:41.5Z"),
        firing.generatorUrl(),
        firing.receiver(),
        firing.externalUrl(),
        firing.correlation(),
        firing.gpuUuid(),
        receivedAt);
  }

  public static AlertEvent kubePodCrashLooping(Instant receivedAt) {
    WebhookAlert alert = AlertFixtures.parsed(AlertFixtures.KUBE_CRASHLOOPING).alerts().get(0);
    return new AlertEvent(
        "919c301fb68c280c",
        CLUSTER,
        AlertStatus.FIRING,
        "KubePodCrashLooping",
        "warning",
        alert.labels(),
        alert.annotations(),
        Instant.parse("2026-12-07T17:22:48.002Z"),
        null,
        "http://prometheus-k8s-0:9090/graph?g0.expr=max_over_time%28kube_pod_container_status"
            + "_waiting_reason%7Breason%3D%22CrashLoopBackOff%22%7D%5B5m%5D%29+%3E%3D+1&g0.tab=1",
        RECEIVER,
        EXTERNAL_URL,
        AlertFixtures.podLevel(CLUSTER, null, "inference", "llama-70b-7d9f8c6b5-x2kqp", "vllm"),
        null,
        receivedAt);
  }

  public static AlertEvent nvsentinel(Instant receivedAt) {
    WebhookAlert alert = AlertFixtures.parsed(AlertFixtures.NVSENTINEL).alerts().get(0);
    return new AlertEvent(
        "0f349c06a8304843",
        CLUSTER,
        AlertStatus.FIRING,
        "NVSentinelFatalHealthEvent",
        "critical",
        alert.labels(),
        alert.annotations(),
        Instant.parse("2026-12-07T17:20:18.95Z"),
        null,
        "http://prometheus-k8s-0:9090/graph?g0.expr=increase%28health_events_total%7Bis_fatal"
            + "%3D%22true%22%2Cis_healthy%3D%22false%22%7D%5B5m%5D%29+%3E+0&g0.tab=1",
        RECEIVER,
        EXTERNAL_URL,
        // node is the event's node; namespace/pod/container are the connector pod's target labels.
        AlertFixtures.podLevel(
            CLUSTER,
            "gpu-node-07",
            "nvsentinel",
            "platform-connectors-m4v9t",
            "platform-connector"),
        null,
        receivedAt);
  }
}
