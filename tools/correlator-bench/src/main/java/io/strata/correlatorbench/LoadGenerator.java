package io.strata.correlatorbench;

import io.strata.correlatorbench.FleetShape.Pod;
import io.strata.correlatorbench.FleetShape.Workload;
import io.strata.events.device.HealthStatus;
import io.strata.events.topic.Keys;
import io.strata.events.topic.Topics;
import io.strata.events.trace.SpanSummary;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The healthy load of a fleet, second by second: the Kubernetes state once, then per second one
 * device sample per GPU (every node scraped at the start of the second) and one traced request per
 * GPU, spread evenly over the second; a GPU marked failing reports health FAIL. Deterministic for a
 * given run prefix, so a test can count exactly what a run produces.
 */
final class LoadGenerator {

  /** Records of one fleet-second: one sample plus six spans per GPU. */
  static final int RECORDS_PER_GPU_SECOND = 7;

  private final FleetShape fleet;
  private final long runPrefix;
  // Traced requests per GPU per second, in thousandths: 1000 = one each (the default mix); 200 =
  // the
  // live run's 0.2, where samples are most of the records.
  private final int requestsPerMille;
  private final Set<String> failing = new HashSet<>();
  private long traceNumber;

  LoadGenerator(FleetShape fleet, long runPrefix) {
    this(fleet, runPrefix, 1.0);
  }

  /**
   * @param requestsPerGpu traced requests per GPU per second, 0 to 1: with less than one, a GPU
   *     serves a request in a second when a stable hash of its position and the second says so, so
   *     the fleet serves that fraction every second, spread over the GPUs
   */
  LoadGenerator(FleetShape fleet, long runPrefix, double requestsPerGpu) {
    if (!(requestsPerGpu >= 0 && requestsPerGpu <= 1)) {
      throw new IllegalArgumentException(
          "requests per GPU must be within 0..1, got " + requestsPerGpu);
    }
    this.fleet = fleet;
    this.runPrefix = runPrefix;
    this.requestsPerMille = (int) Math.round(requestsPerGpu * 1000);
  }

  FleetShape fleet() {
    return fleet;
  }

  /** Nodes, pods, DRA claims and one image-pulled event per pod, observed at {@code at}. */
  void kubernetesState(RecordSink sink, Instant at) {
    fleet
        .nodes()
        .forEach(
            node ->
                sink.send(
                    Topics.K8S_NODES,
                    Keys.node(FleetShape.CLUSTER, node.name()),
                    KubernetesRecords.node(node, at),
                    at));
    for (Workload workload : fleet.workloads()) {
      for (Pod pod : workload.pods()) {
        if (workload.dra()) {
          sink.send(
              Topics.K8S_CLAIMS,
              Keys.claim(
                  FleetShape.CLUSTER, FleetShape.NAMESPACE, KubernetesRecords.claimName(pod)),
              KubernetesRecords.claim(pod, at),
              at);
        }
        String podKey = Keys.pod(FleetShape.CLUSTER, FleetShape.NAMESPACE, pod.name());
        sink.send(Topics.K8S_PODS, podKey, KubernetesRecords.pod(pod, workload.dra(), at), at);
        sink.send(Topics.K8S_EVENTS, podKey, KubernetesRecords.pulled(pod, at), at);
      }
    }
  }

  /** How many records {@link #kubernetesState} writes. */
  int kubernetesRecordCount() {
    int claims =
        fleet.workloads().stream().filter(Workload::dra).mapToInt(w -> w.pods().size()).sum();
    return fleet.nodes().size() + 2 * fleet.pods().size() + claims;
  }

  /** From now on this GPU's samples report health FAIL, as after an XID 79 (phase c). */
  void markFailing(String gpuUuid) {
    failing.add(gpuUuid);
  }

  /** One second of healthy samples and requests starting at {@code second}. */
  void second(RecordSink sink, Instant second) {
    long secondIndex = second.getEpochSecond();
    for (Workload workload : fleet.workloads()) {
      for (Pod pod : workload.pods()) {
        for (int slot = 0; slot < pod.gpus().size(); slot++) {
          sink.send(
              Topics.DEVICE_SAMPLES,
              Keys.gpu(FleetShape.CLUSTER, pod.node(), pod.gpus().get(slot)),
              DeviceRecords.sample(
                  pod,
                  slot,
                  workload.dra(),
                  failing.contains(pod.gpus().get(slot)) ? HealthStatus.FAIL : HealthStatus.PASS,
                  wobble(secondIndex, slot),
                  second),
              second);
        }
      }
    }
    long gpus = fleet.gpuCount();
    long gpu = 0;
    for (Workload workload : fleet.workloads()) {
      for (Pod pod : workload.pods()) {
        for (int slot = 0; slot < pod.gpus().size(); slot++) {
          long position = gpu;
          Instant start = second.plusNanos(Duration.ofSeconds(1).toNanos() * gpu++ / gpus);
          if (!servesRequest(position, secondIndex)) {
            continue;
          }
          long trace = ++traceNumber;
          List<SpanSummary> spans =
              TraceRecords.request(pod, slot, runPrefix, trace, wobble(trace, slot), start);
          Instant end = TraceRecords.end(spans);
          for (SpanSummary span : spans) {
            sink.send(Topics.TRACE_SPANS, span.traceId(), span, end);
          }
        }
      }
    }
  }

  private boolean servesRequest(long position, long secondIndex) {
    return requestsPerMille >= 1000
        || Math.floorMod(position * 7919 + secondIndex * 104_729, 1000) < requestsPerMille;
  }

  /** A deterministic 0..1 variation so values are not all identical. */
  private static double wobble(long a, int b) {
    return Math.floorMod(a * 31 + b * 17, 100) / 100.0;
  }
}
