package io.strata.correlatorbench;

import io.strata.correlatorbench.FleetShape.Pod;
import io.strata.correlatorbench.FleetShape.Workload;
import io.strata.events.device.XidAction;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.topic.Keys;
import io.strata.events.topic.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Phase (c): into the live stream (the healthy load keeps coming at one fleet-second per second) go
 * XID 79s, one a second, each on the first GPU of the first pod of another workload, and from then
 * on that GPU's samples say health FAIL, as the correlator's DeviceFaultScenarioTest feeds it. The
 * right outcome is one DEVICE_FAULT incident per fault, scoped to exactly its GPU; the latency of
 * each (injection to the incident read back, read_committed) gives the distribution the commit
 * interval trades against.
 */
final class FaultProbe {

  /** One fault's outcome: {@code incident} null when it was not raised within the timeout. */
  record Outcome(String gpu, Instant injectedAt, Incident incident, Duration latency) {}

  private FaultProbe() {}

  /** Injects {@code faults} faults (at most one per workload) and waits for their incidents. */
  static List<Outcome> run(
      LoadGenerator generator,
      KafkaRecordSink sink,
      TopicReader incidents,
      int faults,
      Duration timeout)
      throws InterruptedException {
    List<Workload> workloads = generator.fleet().workloads();
    int count = Math.min(faults, workloads.size());
    Map<String, Instant> injected = new LinkedHashMap<>();
    Map<String, Outcome> raised = new HashMap<>();
    long started = System.nanoTime();
    Instant nextSecond = Instant.now();
    while (raised.size() < count && System.nanoTime() - started < timeout.toNanos()) {
      if (!Instant.now().isBefore(nextSecond)) {
        if (injected.size() < count) {
          Workload target = workloads.get(injected.size());
          String gpu = inject(sink, target);
          generator.markFailing(gpu);
          injected.put(gpu, Instant.now());
        }
        generator.second(sink, nextSecond);
        nextSecond = nextSecond.plusSeconds(1);
      }
      for (Incident incident : poll(incidents, Duration.ofMillis(100))) {
        for (String gpu : incident.scope().gpuUuids()) {
          Instant at = injected.get(gpu);
          if (at != null && !raised.containsKey(gpu)) {
            raised.put(gpu, new Outcome(gpu, at, incident, Duration.between(at, Instant.now())));
          }
        }
      }
    }
    List<Outcome> outcomes = new ArrayList<>();
    injected.forEach(
        (gpu, at) -> outcomes.add(raised.getOrDefault(gpu, new Outcome(gpu, at, null, null))));
    return outcomes;
  }

  /** The incidents one poll of the incidents topic brings (tombstones left out). */
  static List<Incident> poll(TopicReader incidents, Duration timeout) {
    List<Incident> read = new ArrayList<>();
    for (ConsumerRecord<String, byte[]> record : incidents.poll(timeout)) {
      Incident incident =
          Topics.INCIDENTS.valueSerde().deserializer().deserialize(record.topic(), record.value());
      if (incident != null) {
        read.add(incident);
      }
    }
    return read;
  }

  /** Writes one XID 79 on the first GPU of the workload's first pod; returns the GPU. */
  static String inject(KafkaRecordSink sink, Workload workload) {
    Pod pod = workload.pods().get(0);
    String gpu = pod.gpus().get(0);
    Instant at = Instant.now();
    sink.send(
        Topics.DEVICE_XIDS,
        Keys.gpu(FleetShape.CLUSTER, pod.node(), gpu),
        DeviceRecords.xid(
            pod, 0, workload.dra(), 79, XidAction.RESTART_BM, "bench-xid-79-" + gpu, at),
        at);
    sink.flush();
    System.out.println(
        "# fault: XID 79 on "
            + gpu
            + " (node "
            + pod.node()
            + ", pod "
            + pod.name()
            + ") at "
            + at);
    return gpu;
  }

  /** True when the incident is the one the fault must raise. */
  static boolean isExpected(Incident incident) {
    return incident.incidentClass() == IncidentClass.DEVICE_FAULT
        && incident.scope().gpuUuids().size() == 1;
  }

  /** The q-quantile (0..1, nearest rank) of sorted latencies in ms. */
  static long quantile(List<Long> sortedMillis, double q) {
    int rank = (int) Math.ceil(q * sortedMillis.size());
    return sortedMillis.get(Math.max(0, Math.min(sortedMillis.size() - 1, rank - 1)));
  }
}
