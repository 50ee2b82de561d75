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
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Phase (c): into the live stream (the healthy load keeps coming at one fleet-second per second)
 * goes an XID 79 on the first GPU of the first workload, and from then on that GPU's samples say
 * health FAIL, as the correlator's DeviceFaultScenarioTest feeds it. The right outcome is a
 * DEVICE_FAULT incident scoped to exactly that GPU.
 */
final class FaultProbe {

  record Outcome(Instant injectedAt, Incident incident, Duration latency) {}

  private FaultProbe() {}

  static Optional<Outcome> run(
      LoadGenerator generator, KafkaRecordSink sink, TopicReader incidents, Duration timeout)
      throws InterruptedException {
    Workload busy = generator.fleet().workloads().get(0);
    Pod pod = busy.pods().get(0);
    String gpu = pod.gpus().get(0);
    Instant injectedAt = Instant.now();
    sink.send(
        Topics.DEVICE_XIDS,
        Keys.gpu(FleetShape.CLUSTER, pod.node(), gpu),
        DeviceRecords.xid(
            pod, 0, busy.dra(), 79, XidAction.RESTART_BM, "bench-xid-79-" + gpu, injectedAt),
        injectedAt);
    generator.markFailing(gpu);
    System.out.println(
        "# fault: XID 79 on "
            + gpu
            + " (node "
            + pod.node()
            + ", pod "
            + pod.name()
            + ") at "
            + injectedAt);
    long started = System.nanoTime();
    Instant nextSecond = injectedAt;
    while (System.nanoTime() - started < timeout.toNanos()) {
      if (!Instant.now().isBefore(nextSecond)) {
        generator.second(sink, nextSecond);
        nextSecond = nextSecond.plusSeconds(1);
      }
      for (ConsumerRecord<String, byte[]> record : incidents.poll(Duration.ofMillis(200))) {
        Incident incident =
            Topics.INCIDENTS
                .valueSerde()
                .deserializer()
                .deserialize(record.topic(), record.value());
        if (incident != null && incident.scope().gpuUuids().contains(gpu)) {
          Duration latency = Duration.between(injectedAt, Instant.now());
          return Optional.of(new Outcome(injectedAt, incident, latency));
        }
      }
    }
    return Optional.empty();
  }

  /** True when the incident is the one the fault must raise. */
  static boolean isExpected(Incident incident) {
    return incident.incidentClass() == IncidentClass.DEVICE_FAULT
        && incident.scope().gpuUuids().size() == 1;
  }
}
