package io.strata.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.strata.events.incident.IncidentState;
import io.strata.events.topic.Topics;
import io.strata.simulator.model.Scenario;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What every fault case shares: the one running system (broker and services in JVMs of their own),
 * the recorder and audit of its topics, the ledger table, the kill-and-restart step and the
 * ledger's assertions (0 lost, 0 duplicated, one patch and one EXECUTED per approved action).
 */
final class FaultBench implements AutoCloseable {

  /** Four simulated nodes at 50 % (and max-nodes 2): at most two cordoned at once. */
  static final int MAX_CORDONED = 2;

  final Clock clock = Clock.systemUTC();
  final StrataSystem system;
  final TopicRecorder recorder;
  final TopicAudit audit;
  private final FaultTable table = new FaultTable();
  private final Path work;
  private final long started;

  /** What one kill cost in time: the victim and how long until it answered ready again. */
  record Bounce(long pid, long secondsDown) {}

  private FaultBench(Path work, StrataSystem system, long started) {
    this.work = work;
    this.started = started;
    this.system = system;
    this.recorder =
        new TopicRecorder(
            system.bootstrapServers(),
            clock,
            List.of(Topics.INCIDENTS, Topics.DEVICE_XIDS, Topics.REMEDIATION, Topics.DEADLETTER));
    this.audit = new TopicAudit(system.bootstrapServers());
  }

  static FaultBench start(Path repo, Path work) throws IOException {
    long started = System.nanoTime();
    StrataSystem system =
        StrataSystem.start(
            repo,
            work,
            new StrataSystem.Wiring(
                true,
                false,
                // Each case's fault must be an incident of its own, not a relapse of the last
                // case's (1 min in the local profile); FaultCycle waits this out between cases.
                // A correlator killed -9 leaves the group after its session times out (Kafka's
                // default 45 s): 10 s here, as a deployment that wants faster takeover sets it.
                // Two in-band windows to resolve (three by default), as the scenarios: every case
                // waits for its incident's resolution before the uncordon and the next case; three
                // clean device samples (five by default) for the same reason.
                Map.of(
                    "strata.correlator.lifecycle.reopen-cooldown",
                    FaultCycle.REOPEN_COOLDOWN.toString(),
                    "strata.correlator.lifecycle.windows-to-resolve",
                    "2",
                    "strata.correlator.lifecycle.device-clean-samples-to-resolve",
                    "3",
                    "kafka-streams.consumer.session.timeout.ms",
                    "10000"),
                remediatorSettings("remediator-a")));
    return new FaultBench(work, system, started);
  }

  /**
   * The Lease on (deploy/'s default), with short times so a takeover fits a test: the instance
   * restarted after kill -9 keeps its identity and renews its own Lease at once; a rate limit the
   * suite's repeated cordons of one node stay under. The remediator reads incidents without a
   * consumer group (ADR 022), so no group session to shorten.
   */
  static Map<String, String> remediatorSettings(String identity) {
    return Map.of(
        // The suite cordons one node in four cases within minutes, on purpose.
        "strata.remediator.rate-limit.max-actions", "20",
        "strata.remediator.blast-radius.max-nodes", Integer.toString(MAX_CORDONED),
        "strata.remediator.leader-election.enabled", "true",
        "strata.remediator.leader-election.identity", identity,
        "strata.remediator.leader-election.namespace", "default",
        "strata.remediator.leader-election.lease-duration", "PT6S",
        "strata.remediator.leader-election.renew-deadline", "PT4S",
        "strata.remediator.leader-election.retry-period", "PT1S");
  }

  FaultCycle begin() {
    return FaultCycle.begin(system, recorder, audit, clock);
  }

  ServiceProcess remediator() {
    return system.service("remediator");
  }

  /** kill -9, then the same command again; returns once it answers ready. */
  Bounce bounce(ServiceProcess service) throws IOException {
    long pid = service.pid();
    long killedAt = System.nanoTime();
    service.kill9();
    service.restart();
    await(service.name() + " ready after kill -9")
        .atMost(Duration.ofSeconds(150))
        .pollInterval(Duration.ofMillis(250))
        .until(service::ready);
    return new Bounce(pid, secondsSince(killedAt));
  }

  static long secondsSince(long nanoTime) {
    return TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - nanoTime);
  }

  void awaitAllReady() {
    await("every service ready")
        .atMost(Duration.ofSeconds(120))
        .pollInterval(Duration.ofMillis(500))
        .until(() -> system.services().values().stream().allMatch(ServiceProcess::ready));
  }

  /** Prints the case's ledger row and asserts it: nothing lost, duplicated or patched twice. */
  void record(FaultCycle cycle, String fault, Bounce bounce) {
    FaultRow row = cycle.finish(fault, bounce.pid(), bounce.secondsDown());
    table.add(row);
    assertThat(row.lostOnLog()).as(fault + ": records lost on the log").isEmpty();
    assertThat(row.unconsumed()).as(fault + ": records never consumed").isEmpty();
    assertThat(row.signalsLost())
        .as(fault + ": failed nodes without an incident " + cycle.incidentsPerNode())
        .isZero();
    assertThat(row.duplicated())
        .as(
            fault
                + ": duplicated incidents "
                + cycle.incidentsPerNode()
                + " "
                + cycle.incidentIds())
        .isZero();
    assertThat(row.patchesPerAction().values())
        .as(fault + ": patches applied per approved action")
        .allMatch(n -> n == 1);
    assertThat(row.executedPerAction().values())
        .as(fault + ": EXECUTED records per approved action")
        .allMatch(n -> n == 1);
    assertThat(row.patchesOfRefused()).as(fault + ": patches of refused actions").isZero();
  }

  /**
   * A failed case must not leave its fault to the next one: the cluster back to healthy and any
   * node still cordoned made schedulable in the API directly (a no-op after a passing case).
   */
  void restoreTheCluster() {
    system.simulator().activate(Scenario.HEALTHY);
    String api = (String) system.simulator().endpoints().get("kubernetes_api");
    for (String node : system.simulator().model().status().cordonedNodes()) {
      Http.mergePatch(api + "/api/v1/nodes/" + node, "{\"spec\":{\"unschedulable\":null}}");
      System.out.printf("[faults] %s was left cordoned: made schedulable in the API%n", node);
    }
    await("every incident resolved before the next case")
        .atMost(Duration.ofSeconds(120))
        .pollInterval(Duration.ofMillis(500))
        .until(this::noLiveIncident);
  }

  private boolean noLiveIncident() {
    Map<String, IncidentState> latest = new HashMap<>();
    recorder
        .since(Topics.INCIDENTS, Instant.EPOCH, i -> true)
        .forEach(o -> latest.put(o.value().incidentId(), o.value().state()));
    return latest.values().stream().allMatch(state -> state == IncidentState.RESOLVED);
  }

  /** Prints the table with the suite's wall time, then stops everything. */
  @Override
  public void close() throws IOException {
    try {
      table.print(work.resolve("faults.txt"), secondsSince(started));
    } finally {
      try {
        audit.close();
        recorder.close();
      } finally {
        system.close();
      }
    }
  }
}
