package io.strata.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.topic.Topics;
import io.strata.simulator.k8s.MarkedPatch;
import io.strata.simulator.k8s.PatchHold;
import io.strata.simulator.model.Gpu;
import io.strata.simulator.model.Scenario;
import io.strata.simulator.model.WorkloadKind;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The fault suite (issue 16): one running system, the broker and every service in JVMs of their
 * own, and one XID 79 fault per case with one process killed with SIGKILL in the middle of it (or
 * the remediator killed between its approval and EXECUTED, or two remediators at once). Each case
 * prints its ledger (docs/E2E.md, "Fault suite") and asserts 0 records lost, 0 incidents duplicated
 * and, per approved action, exactly one patch applied and one EXECUTED record.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FaultSuiteIT {

  /** Four simulated nodes at 50 % (and max-nodes 2): at most two cordoned at once. */
  private static final int MAX_CORDONED = 2;

  /** Long enough to kill the remediator while the mock API holds its PATCH. */
  private static final Duration HOLD = Duration.ofSeconds(60);

  private final Clock clock = Clock.systemUTC();
  private final Path work =
      Path.of(System.getProperty("strata.e2e.work", "target/e2e")).resolve("faults");
  private final FaultTable table = new FaultTable();
  private final long started = System.nanoTime();
  private StrataSystem system;
  private TopicRecorder recorder;
  private TopicAudit audit;

  @BeforeAll
  void start() throws Exception {
    Path repo = Path.of(System.getProperty("strata.repo", "..")).toAbsolutePath().normalize();
    system =
        StrataSystem.start(
            repo,
            work,
            new StrataSystem.Wiring(
                true,
                false,
                // Each case's fault must be an incident of its own, not a relapse of the last
                // case's (1 min in the local profile); FaultCycle waits this out between cases.
                Map.of(
                    "strata.correlator.lifecycle.reopen-cooldown",
                    FaultCycle.REOPEN_COOLDOWN.toString()),
                remediatorSettings("remediator-a")));
    recorder =
        new TopicRecorder(
            system.bootstrapServers(),
            clock,
            List.of(Topics.INCIDENTS, Topics.DEVICE_XIDS, Topics.REMEDIATION, Topics.DEADLETTER));
    audit = new TopicAudit(system.bootstrapServers());
  }

  @AfterAll
  void stop() throws IOException {
    try {
      table.print(
          work.resolve("faults.txt"), TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started));
    } finally {
      if (audit != null) {
        audit.close();
      }
      if (recorder != null) {
        recorder.close();
      }
      if (system != null) {
        system.close();
      }
    }
  }

  /**
   * A failed case must not leave its fault to the next one: the cluster back to healthy and any
   * node still cordoned made schedulable in the API directly (a no-op after a passing case).
   */
  @AfterEach
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
    Map<String, IncidentState> latest = new java.util.HashMap<>();
    recorder
        .since(Topics.INCIDENTS, Instant.EPOCH, i -> true)
        .forEach(o -> latest.put(o.value().incidentId(), o.value().state()));
    return latest.values().stream().allMatch(state -> state == IncidentState.RESOLVED);
  }

  @Test
  @Order(1)
  void killingTheThreeIngestServicesMidStreamLosesNothing() throws IOException {
    FaultCycle cycle = FaultCycle.begin(system, recorder, audit, clock);
    // All three at once, as XID 79 begins: device-ingest scrapes it, k8s-watcher knows the pod
    // on the GPU, trace-ingest carries its failing requests.
    List<String> names = List.of("device-ingest", "k8s-watcher", "trace-ingest");
    long firstPid = system.service(names.get(0)).pid();
    long killedAt = System.nanoTime();
    names.forEach(name -> system.service(name).kill9());
    for (String name : names) {
      system.service(name).restart();
    }
    awaitAllReady();
    long down = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killedAt);
    Incident incident = cycle.awaitIncident();
    cycle.repair(incident.incidentId(), remediator());
    record(cycle, "kill -9 device-ingest+k8s-watcher+trace-ingest", new Bounce(firstPid, down));
  }

  @Test
  @Order(4)
  void killingTheCorrelatorWithTheXidInFlightRaisesOneIncident() throws IOException {
    FaultCycle cycle = FaultCycle.begin(system, recorder, audit, clock);
    await("the XID on the correlator's input")
        .atMost(Duration.ofSeconds(60))
        .until(cycle::xidPublished);
    Bounce bounce = bounce(system.service("correlator"));
    Incident incident = cycle.awaitIncident();
    cycle.repair(incident.incidentId(), remediator());
    record(cycle, "kill -9 correlator, XID on its input", bounce);
  }

  @Test
  @Order(5)
  void restartingTheBrokerWithItsDataKeepsEveryRecord() throws IOException {
    FaultCycle cycle = FaultCycle.begin(system, recorder, audit, clock);
    await("the XID on the broker").atMost(Duration.ofSeconds(60)).until(cycle::xidPublished);
    BrokerProcess broker = system.broker();
    long pid = broker.pid();
    long killedAt = System.nanoTime();
    broker.kill9();
    broker.restart();
    long down = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killedAt);
    Incident incident = cycle.awaitIncident();
    cycle.repair(incident.incidentId(), remediator());
    awaitAllReady();
    record(cycle, "kill -9 broker, restart on its data dir", new Bounce(pid, down));
  }

  @Test
  @Order(6)
  void killingTheRemediatorAsTheIncidentArrivesProposesOnceAndPatchesOnce() throws IOException {
    FaultCycle cycle = FaultCycle.begin(system, recorder, audit, clock);
    Incident incident = cycle.awaitIncident();
    Bounce bounce = bounce(remediator());
    RemediationAction cordon = cycle.awaitProposal(incident.incidentId(), ActionType.CORDON_NODE);
    cycle.approve(cordon.actionId(), remediator());
    cycle.awaitExecuted(cordon.actionId());
    cycle.repair(incident.incidentId(), remediator());
    assertThat(cycle.proposals(incident.incidentId(), ActionType.CORDON_NODE))
        .as("cordon proposals for one incident")
        .isEqualTo(1);
    record(cycle, "kill -9 remediator, incident on its input", bounce);
  }

  @Test
  @Order(7)
  void killingTheRemediatorAfterApprovalBeforeThePatchPatchesOnce() throws Exception {
    approveThenKill(PatchHold.BEFORE_APPLY, "kill -9 remediator: APPROVED, patch held");
  }

  @Test
  @Order(8)
  void killingTheRemediatorAfterThePatchBeforeExecutedPatchesOnce() throws Exception {
    approveThenKill(PatchHold.AFTER_APPLY, "kill -9 remediator: patched, before EXECUTED");
  }

  @Test
  @Order(9)
  void twoRemediatorsStartedAtOnceExecuteEachActionOnceWithinTheBlastRadius() throws Exception {
    ServiceProcess first = remediator();
    first.kill9();
    long startedAt = System.nanoTime();
    first.restart();
    CompletableFuture<ServiceProcess> second =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return system.startRemediator("remediator-b", remediatorSettings("remediator-b"));
              } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            });
    await("remediator-a ready").atMost(Duration.ofSeconds(120)).until(first::ready);
    ServiceProcess other = second.join();
    long down = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - startedAt);
    try {
      // Three nodes fail at once; the blast radius lets two of four be cordoned.
      FaultCycle cycle = FaultCycle.begin(system, recorder, audit, clock);
      servingGpusOnOtherNodes(cycle.node(), 2).forEach(cycle::alsoFail);
      List<String> incidents = new ArrayList<>();
      List<String> cordons = new ArrayList<>();
      for (String node : cycle.incidentsPerNode().keySet()) {
        String incidentId = cycle.awaitIncident(node).incidentId();
        if (!incidents.contains(incidentId)) {
          incidents.add(incidentId);
        }
        RemediationAction cordon = cycle.awaitCordonProposal(node);
        cordons.add(cordon.actionId());
        // Both instances are asked, as two consoles pointed at two replicas would.
        cycle.approve(cordon.actionId(), first, other);
      }
      cordons.forEach(cycle::awaitDecided);
      assertThat(system.simulator().model().status().cordonedNodes())
          .as("cordoned nodes within the blast radius")
          .hasSizeLessThanOrEqualTo(MAX_CORDONED);
      assertThat(cordons.stream().filter(cycle::wasExecuted).count())
          .as("cordons executed of three approved")
          .isEqualTo(MAX_CORDONED);
      for (String incidentId : incidents) {
        assertThat(cycle.proposals(incidentId, ActionType.CORDON_NODE))
            .as("cordon proposals for " + incidentId + " by two remediators")
            .isEqualTo(1);
      }
      cycle.repair(incidents, first, other);
      // The standby holds the incidents of its partitions uncommitted: stopped, its partitions
      // go to the leader, which consumes them.
      other.close();
      record(cycle, "two remediators at once, 3 nodes fail", new Bounce(first.pid(), down));
    } finally {
      other.close();
    }
  }

  /**
   * Not a kill: what the cases above found with the local profile's 1 min reopen cooldown. A GPU
   * that fails again shortly after its incident resolved reopens the same incident id; the
   * remediator refused the incident's pending proposals at the resolution, and its action ids are
   * derived from the incident and step, so it proposes nothing for the relapse.
   */
  @Test
  @Order(10)
  void aRelapseWithinTheReopenCooldownIsProposedItsCordonAgain() {
    FaultCycle first = FaultCycle.begin(system, recorder, audit, clock);
    String incidentId = first.awaitIncident().incidentId();
    first.awaitProposal(incidentId, ActionType.CORDON_NODE);
    first.repair(incidentId, remediator());

    FaultCycle relapse = FaultCycle.beginNow(system, recorder, audit, clock);
    Incident reopened = relapse.awaitIncident();
    try {
      assertThat(reopened.incidentId())
          .as("the relapse within " + FaultCycle.REOPEN_COOLDOWN + " reopens the incident")
          .isEqualTo(incidentId);
      assertThat(relapse.proposedSince(incidentId, ActionType.CORDON_NODE, Duration.ofSeconds(30)))
          .as(
              "a cordon proposed for the reopened "
                  + incidentId
                  + " (remediator issue, see docs/E2E.md)")
          .isTrue();
    } finally {
      relapse.repair(incidentId, remediator());
    }
  }

  @Test
  @Order(11)
  void nothingWasDeadLetteredOrUnreadable() {
    assertThat(recorder.since(Topics.DEADLETTER, Instant.EPOCH, r -> true)).isEmpty();
    assertThat(recorder.failures()).isEmpty();
  }

  // ---- the cases' shared steps ---------------------------------------------------------------

  private record Bounce(long pid, long secondsDown) {}

  /** XID 79 on, {@code name} killed at once and started again; one incident, nothing lost. */
  private void killAsTheFaultBegins(String name) throws IOException {
    FaultCycle cycle = FaultCycle.begin(system, recorder, audit, clock);
    Bounce bounce = bounce(system.service(name));
    Incident incident = cycle.awaitIncident();
    cycle.repair(incident.incidentId(), remediator());
    record(cycle, "kill -9 " + name + " as XID 79 begins", bounce);
  }

  /**
   * Approves the cordon while the mock API holds its PATCH ({@code hold}), kills the remediator
   * with the request in flight, starts it again: the action must be applied exactly once.
   */
  private void approveThenKill(PatchHold hold, String fault) throws Exception {
    FaultCycle cycle = FaultCycle.begin(system, recorder, audit, clock);
    Incident incident = cycle.awaitIncident();
    RemediationAction cordon = cycle.awaitProposal(incident.incidentId(), ActionType.CORDON_NODE);
    CompletableFuture<MarkedPatch> held = system.simulator().patchLog().holdNext(hold, HOLD);
    cycle.approve(cordon.actionId(), remediator());
    MarkedPatch patch = held.get(60, TimeUnit.SECONDS);
    assertThat(patch.actionId()).isEqualTo(cordon.actionId());
    Bounce bounce = bounce(remediator());
    cycle.awaitExecuted(cordon.actionId());
    cycle.repair(incident.incidentId(), remediator());
    record(cycle, fault, bounce);
  }

  /** kill -9, then the same command again; returns once it answers ready. */
  private Bounce bounce(ServiceProcess service) throws IOException {
    long pid = service.pid();
    long killedAt = System.nanoTime();
    service.kill9();
    service.restart();
    await(service.name() + " ready after kill -9")
        .atMost(Duration.ofSeconds(150))
        .pollInterval(Duration.ofMillis(250))
        .until(service::ready);
    return new Bounce(pid, TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killedAt));
  }

  private void record(FaultCycle cycle, String fault, Bounce bounce) {
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

  private void awaitAllReady() {
    await("every service ready")
        .atMost(Duration.ofSeconds(120))
        .pollInterval(Duration.ofMillis(500))
        .until(() -> system.services().values().stream().allMatch(ServiceProcess::ready));
  }

  /** One serving GPU on each of {@code count} nodes other than {@code node}. */
  private List<Gpu> servingGpusOnOtherNodes(String node, int count) {
    return system.simulator().model().nodes().stream()
        .filter(n -> !n.name().equals(node))
        .map(
            n ->
                n.gpus().stream()
                    .filter(g -> g.holder() != null)
                    .filter(g -> g.holder().workload().kind() != WorkloadKind.JOB)
                    .findFirst())
        .flatMap(Optional::stream)
        .limit(count)
        .toList();
  }

  private ServiceProcess remediator() {
    return system.service("remediator");
  }

  /**
   * The Lease on (deploy/'s default), with short times so a takeover fits a test: the instance
   * restarted after kill -9 keeps its identity and renews its own Lease at once; short group
   * session; a rate limit the suite's repeated cordons of one node stay under.
   */
  private static Map<String, String> remediatorSettings(String identity) {
    return Map.of(
        // The suite cordons one node in four cases within minutes, on purpose.
        "strata.remediator.rate-limit.max-actions", "20",
        "strata.remediator.blast-radius.max-nodes", Integer.toString(MAX_CORDONED),
        // A killed member holds its incidents partitions until its session times out (45 s by
        // default): the restarted instance gets them after 6 s, the broker's minimum.
        "mp.messaging.incoming.incidents-in.session.timeout.ms", "6000",
        "mp.messaging.incoming.incidents-in.heartbeat.interval.ms", "2000",
        "strata.remediator.leader-election.enabled", "true",
        "strata.remediator.leader-election.identity", identity,
        "strata.remediator.leader-election.namespace", "default",
        "strata.remediator.leader-election.lease-duration", "PT6S",
        "strata.remediator.leader-election.renew-deadline", "PT4S",
        "strata.remediator.leader-election.retry-period", "PT1S");
  }
}
