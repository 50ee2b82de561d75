package io.strata.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.topic.Topics;
import io.strata.simulator.model.Gpu;
import io.strata.simulator.model.Scenario;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * One XID 79 fault on the shared system, from the switch to the repaired, uncordoned node: the
 * incidents it raises, the approvals it sends. What it reads from the journal is {@link
 * #journal()}; what it cost is {@link #finish} ({@link CycleLedger}).
 */
final class FaultCycle {

  /**
   * The correlator's reopen cooldown in the fault suite: a relapse within it reopens the id. It
   * counts from the incident's resolvedAt, when the signal cleared, and RESOLVED is published only
   * after the recovery window (about 8 s later in run 1 of 2026-12-01 with 5 s here, so case 8's
   * relapse, started as soon as RESOLVED was seen, came 9 s after resolvedAt and opened a new
   * occurrence instead). 15 s covers that; every other case waits it out after the last resolution,
   * so its fault is an incident of its own.
   */
  static final Duration REOPEN_COOLDOWN = Duration.ofSeconds(15);

  private static final Duration RAISE_TIMEOUT = Duration.ofSeconds(120);
  private static final Duration RESOLVE_TIMEOUT = Duration.ofSeconds(120);

  private final StrataSystem system;
  private final TopicRecorder recorder;
  private final String node;
  private final Set<String> failedNodes = new TreeSet<>();
  private final Instant since;
  private final Set<String> approved = new LinkedHashSet<>();
  private final CycleJournal journal;
  private final CycleLedger ledger;

  private FaultCycle(StrataSystem system, TopicRecorder recorder, TopicAudit audit, Clock clock) {
    this.system = system;
    this.recorder = recorder;
    this.node = system.simulator().model().targets().xid79Gpu().node();
    failedNodes.add(node);
    TopicAudit.LogCount before = audit.count();
    this.since = clock.instant();
    this.journal = new CycleJournal(recorder, since);
    this.ledger = new CycleLedger(system, recorder, audit, journal, before, since);
  }

  /**
   * Counts the log, then switches XID 79 on, once the last resolution is older than the reopen
   * cooldown (so the fault is a new incident). The cooldown counts from the incident's own
   * resolvedAt, as the correlator counts it, not from when RESOLVED was read (up to a recovery
   * window later).
   */
  static FaultCycle begin(
      StrataSystem system, TopicRecorder recorder, TopicAudit audit, Clock clock) {
    Instant lastResolved =
        recorder
            .since(Topics.INCIDENTS, Instant.EPOCH, i -> i.state() == IncidentState.RESOLVED)
            .stream()
            .map(o -> o.value().resolvedAt() != null ? o.value().resolvedAt() : o.receivedAt())
            .max(Instant::compareTo)
            .orElse(Instant.EPOCH);
    Instant newIncident = lastResolved.plus(REOPEN_COOLDOWN).plusSeconds(1);
    await("the reopen cooldown over")
        .atMost(REOPEN_COOLDOWN.plusSeconds(5))
        .until(() -> !clock.instant().isBefore(newIncident));
    return beginNow(system, recorder, audit, clock);
  }

  /** Counts the log and switches XID 79 on at once (a relapse, when within the cooldown). */
  static FaultCycle beginNow(
      StrataSystem system, TopicRecorder recorder, TopicAudit audit, Clock clock) {
    FaultCycle cycle = new FaultCycle(system, recorder, audit, clock);
    system.simulator().activate(Scenario.XID_79);
    return cycle;
  }

  String node() {
    return node;
  }

  CycleJournal journal() {
    return journal;
  }

  /** Makes {@code gpu} fall off the bus too (another node's): one more incident expected. */
  void alsoFail(Gpu gpu) {
    system.simulator().alsoFallOffTheBus(gpu);
    failedNodes.add(gpu.node());
  }

  Set<String> failedNodes() {
    return new TreeSet<>(failedNodes);
  }

  /** Whether the XID 79 event reached the device-ingest's topic (the correlator's input). */
  boolean xidPublished() {
    String gpu = system.simulator().model().targets().xid79Gpu().uuid();
    return !recorder.since(Topics.DEVICE_XIDS, since, x -> gpu.equals(x.gpuUuid())).isEmpty();
  }

  /** The fault's DEVICE_FAULT incident, once raised (new or reopened after the fault began). */
  Incident awaitIncident() {
    return awaitIncident(node);
  }

  /** The DEVICE_FAULT incident of one failed node. */
  Incident awaitIncident(String node) {
    return await("a DEVICE_FAULT incident for " + node)
        .atMost(RAISE_TIMEOUT)
        .pollInterval(Duration.ofMillis(250))
        .until(
            () ->
                recorder
                    .since(
                        Topics.INCIDENTS,
                        since,
                        i ->
                            i.incidentClass() == IncidentClass.DEVICE_FAULT
                                && i.state() == IncidentState.OPEN
                                && i.scope().nodes().contains(node))
                    .stream()
                    .map(Observed::value)
                    .findFirst(),
            Optional::isPresent)
        .orElseThrow();
  }

  /** Approves over REST at each of {@code remediators}; at least one must accept. */
  void approve(String actionId, ServiceProcess... remediators) {
    approved.add(actionId);
    boolean accepted = false;
    StringBuilder answers = new StringBuilder();
    for (ServiceProcess remediator : remediators) {
      HttpResponse<String> response =
          Http.approveAsShown(remediator.baseUrl(), actionId, StrataSystem.API_TOKEN);
      answers.append(remediator.name()).append(' ').append(response.statusCode()).append(' ');
      answers.append(response.body()).append("; ");
      accepted |= response.statusCode() >= 200 && response.statusCode() < 300;
    }
    assertThat(accepted).as("approval of " + actionId + ": " + answers).isTrue();
  }

  /**
   * The GPU is repaired; waits for the incident to resolve and, when the node was cordoned,
   * approves the proposed uncordon at {@code remediators} and waits for the node to take pods.
   */
  void repair(String incidentId, ServiceProcess... remediators) {
    repair(List.of(incidentId), remediators);
  }

  /** As {@link #repair(String, ServiceProcess...)} for several incidents (several nodes). */
  void repair(List<String> incidentIds, ServiceProcess... remediators) {
    system.simulator().activate(Scenario.HEALTHY);
    for (String incidentId : incidentIds) {
      awaitResolved(incidentId);
    }
    for (String incidentId : incidentIds) {
      uncordon(incidentId, remediators);
    }
  }

  private void awaitResolved(String incidentId) {
    await(incidentId + " RESOLVED")
        .atMost(RESOLVE_TIMEOUT)
        .pollInterval(Duration.ofMillis(500))
        .until(
            () ->
                !recorder
                    .since(
                        Topics.INCIDENTS,
                        since,
                        i ->
                            i.incidentId().equals(incidentId)
                                && i.state() == IncidentState.RESOLVED)
                    .isEmpty());
  }

  /** Approves the incident's proposed uncordon, if its cordon was executed, and waits for it. */
  private void uncordon(String incidentId, ServiceProcess... remediators) {
    Optional<String> cordoned = journal.cordonedNode(incidentId);
    if (cordoned.isPresent()) {
      String node = cordoned.get();
      RemediationAction uncordon = journal.awaitProposal(incidentId, ActionType.UNCORDON_NODE);
      approve(uncordon.actionId(), remediators);
      journal.awaitExecuted(uncordon.actionId());
      await(node + " schedulable again")
          .atMost(Duration.ofSeconds(60))
          .until(() -> !system.simulator().model().status().cordonedNodes().contains(node));
    }
  }

  /** The ledger row of the fault (see {@link CycleLedger}). */
  FaultRow finish(String fault, long victimPid, long secondsDown) {
    return ledger.finish(fault, victimPid, secondsDown, approved, failedNodes);
  }

  /** Per failed node, the ids of the live incidents holding it in their scope. */
  Map<String, Set<String>> incidentsPerNode() {
    return ledger.incidentsPerNode(failedNodes);
  }

  /** Ids of the live incidents of the failed nodes or their workload (see {@link CycleLedger}). */
  Set<String> incidentIds() {
    return ledger.incidentIds(failedNodes);
  }
}
