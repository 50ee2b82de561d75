package io.strata.e2e;

import static org.awaitility.Awaitility.await;

import io.strata.events.incident.Incident;
import java.io.IOException;
import java.time.Duration;
import java.util.List;

/**
 * The fault family before the remediator: the three ingest services, the correlator and the broker
 * killed with SIGKILL while XID 79's signals are in flight. Each must still raise exactly one
 * incident and lose no record.
 */
final class PipelineFaults {

  private final FaultBench bench;

  PipelineFaults(FaultBench bench) {
    this.bench = bench;
  }

  /** device-ingest, k8s-watcher and trace-ingest killed at once as XID 79 begins. */
  void killTheThreeIngestServicesAsTheFaultBegins() throws IOException {
    FaultCycle cycle = bench.begin();
    // All three at once, as XID 79 begins: device-ingest scrapes it, k8s-watcher knows the pod
    // on the GPU, trace-ingest carries its failing requests.
    List<String> names = List.of("device-ingest", "k8s-watcher", "trace-ingest");
    long firstPid = bench.system.service(names.get(0)).pid();
    long killedAt = System.nanoTime();
    names.forEach(name -> bench.system.service(name).kill9());
    for (String name : names) {
      bench.system.service(name).restart();
    }
    bench.awaitAllReady();
    long down = FaultBench.secondsSince(killedAt);
    Incident incident = cycle.awaitIncident();
    cycle.repair(incident.incidentId(), bench.remediator());
    bench.record(
        cycle,
        "kill -9 device-ingest+k8s-watcher+trace-ingest",
        new FaultBench.Bounce(firstPid, down));
  }

  /** The correlator killed once the XID event is on its input, before the incident is out. */
  void killTheCorrelatorWithTheXidOnItsInput() throws IOException {
    FaultCycle cycle = bench.begin();
    await("the XID on the correlator's input")
        .atMost(Duration.ofSeconds(60))
        .until(cycle::xidPublished);
    FaultBench.Bounce bounce = bench.bounce(bench.system.service("correlator"));
    Incident incident = cycle.awaitIncident();
    cycle.repair(incident.incidentId(), bench.remediator());
    bench.record(cycle, "kill -9 correlator, XID on its input", bounce);
  }

  /** The broker killed once the XID event is on it, restarted on its data directory. */
  void restartTheBrokerOnItsData() throws IOException {
    FaultCycle cycle = bench.begin();
    await("the XID on the broker").atMost(Duration.ofSeconds(60)).until(cycle::xidPublished);
    BrokerProcess broker = bench.system.broker();
    long pid = broker.pid();
    long killedAt = System.nanoTime();
    broker.kill9();
    broker.restart();
    long down = FaultBench.secondsSince(killedAt);
    Incident incident = cycle.awaitIncident();
    cycle.repair(incident.incidentId(), bench.remediator());
    bench.awaitAllReady();
    bench.record(
        cycle, "kill -9 broker, restart on its data dir", new FaultBench.Bounce(pid, down));
  }
}
