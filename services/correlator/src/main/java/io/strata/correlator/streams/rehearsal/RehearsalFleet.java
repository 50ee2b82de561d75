package io.strata.correlator.streams.rehearsal;

import io.strata.events.Correlation;
import io.strata.events.device.DeviceField;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.HealthStatus;
import io.strata.events.device.XidAction;
import io.strata.events.device.XidEvent;
import io.strata.events.device.XidOrigin;
import io.strata.events.device.XidSource;
import io.strata.events.k8s.AllocatedResource;
import io.strata.events.k8s.Condition;
import io.strata.events.k8s.NodeState;
import io.strata.events.k8s.PodPhase;
import io.strata.events.k8s.PodState;
import io.strata.events.k8s.WorkloadKind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The made-up cluster {@link FaultPathRehearsal} plays: nodes of eight GPUs, one serving pod per
 * node, and the records the other services publish about them, shaped as device-ingest and
 * k8s-watcher shape theirs (docs/EVENTS.md). Its names cannot be a real cluster's: the rehearsal's
 * driver is thrown away, nothing of it reaches a topic.
 */
final class RehearsalFleet {

  static final String CLUSTER = "strata-rehearsal";
  static final String NAMESPACE = "strata-rehearsal";
  static final String WORKLOAD = "rehearsal-serve";
  static final int GPUS_PER_NODE = 8;

  private RehearsalFleet() {}

  static String node(int n) {
    return "rehearsal-node-" + n;
  }

  static String gpu(int n, int g) {
    return "GPU-rehearsal-" + n + "-" + g;
  }

  static String pod(int n) {
    return WORKLOAD + "-" + n;
  }

  static NodeState nodeState(int n, boolean cordoned, Instant at) {
    return new NodeState(
        CLUSTER,
        node(n),
        !cordoned,
        cordoned,
        List.of(),
        List.of(new Condition("Ready", "True", "KubeletReady", null, at)),
        Map.of("nvidia.com/gpu", (long) GPUS_PER_NODE),
        Map.of("nvidia.com/gpu", (long) GPUS_PER_NODE),
        "NVIDIA-H100-80GB-HBM3",
        Map.of(),
        Long.toString(at.toEpochMilli()),
        at);
  }

  static PodState podState(int n, Instant at) {
    Correlation correlation =
        Correlation.builder()
            .cluster(CLUSTER)
            .namespace(NAMESPACE)
            .workload(WORKLOAD)
            .pod(pod(n))
            .node(node(n))
            .modelVersion("v1")
            .build();
    List<AllocatedResource> gpus = new ArrayList<>();
    for (int g = 0; g < GPUS_PER_NODE; g++) {
      gpus.add(new AllocatedResource("server", "nvidia.com/gpu", gpu(n, g), "Healthy"));
    }
    return new PodState(
        "uid-" + pod(n),
        correlation,
        WorkloadKind.DEPLOYMENT,
        null,
        PodPhase.RUNNING,
        List.of(new Condition("Ready", "True", null, null, at)),
        List.of(),
        Map.of("nvidia.com/gpu", (long) GPUS_PER_NODE),
        Map.of("nvidia.com/gpu", (long) GPUS_PER_NODE),
        List.of(),
        gpus,
        0,
        null,
        "1",
        at,
        at);
  }

  /** One scrape's sample of a GPU; a fallen one reports its last XID and fails its health. */
  static DeviceSample sample(int n, int g, boolean fallen, long second, Instant at) {
    Map<String, Double> fields = new HashMap<>();
    fields.put(DeviceField.GPU_UTIL.key(), fallen ? 0.0 : 60.0 + (second + g) % 30);
    fields.put(DeviceField.GPU_TEMP.key(), 55.0 + (second + n) % 10);
    fields.put(DeviceField.MEMORY_TEMP.key(), 50.0);
    fields.put(DeviceField.POWER_USAGE.key(), 350.0 + g);
    fields.put(DeviceField.SM_CLOCK.key(), 1980.0);
    fields.put(DeviceField.MEM_CLOCK.key(), 2619.0);
    fields.put(DeviceField.FB_USED.key(), 61_000.0);
    fields.put(DeviceField.FB_FREE.key(), 20_000.0);
    fields.put(DeviceField.XID_ERRORS.key(), fallen ? 79.0 : 0.0);
    fields.put(DeviceField.THERMAL_VIOLATION.key(), 0.0);
    fields.put(DeviceField.CLOCKS_EVENT_REASONS.key(), 0.0);
    fields.put(DeviceField.PROF_SM_ACTIVE.key(), fallen ? 0.0 : 0.7);
    DeviceOwner owner =
        new DeviceOwner(
            NAMESPACE, pod(n), "server", null, null, null, null, null, null, null, null, null);
    return new DeviceSample(
        CLUSTER,
        node(n),
        gpu(n, g),
        Integer.toString(g),
        "00000000:" + (10 + g) + ":00.0",
        "nvidia" + g,
        "NVIDIA H100 80GB HBM3",
        "550.54.15",
        null,
        null,
        owner,
        fallen ? HealthStatus.FAIL : HealthStatus.PASS,
        fields,
        null,
        fallen ? 79 : null,
        "http://" + node(n) + ":9400/metrics",
        at);
  }

  /** XID 79 as device-ingest publishes it from the exporter's XID count (NVIDIA's catalog). */
  static XidEvent xid79(int n, int g, Instant at) {
    return new XidEvent(
        "rehearsal-xid-79-" + n + "-" + g,
        CLUSTER,
        node(n),
        gpu(n, g),
        Integer.toString(g),
        79,
        "GPU_HAS_FALLEN_OFF_THE_BUS",
        "GPU has fallen off the bus",
        XidAction.RESTART_BM,
        XidOrigin.DEVICE,
        XidSource.XID_ERRORS_COUNT,
        1,
        new DeviceOwner(
            NAMESPACE, pod(n), "server", null, null, null, null, null, null, null, null, null),
        "http://" + node(n) + ":9400/metrics",
        at);
  }
}
