package io.strata.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.topic.Topics;
import io.strata.simulator.model.Scenario;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One XID 79 fault on the shared system, from the switch to the repaired, uncordoned node, and the
 * ledger of what it cost: records lost on the log or never consumed, incidents raised for it, and
 * per approved action the patches the mock API applied and the EXECUTED records journaled.
 */
final class FaultCycle {

  private static final Duration RAISE_TIMEOUT = Duration.ofSeconds(120);
  private static final Duration RESOLVE_TIMEOUT = Duration.ofSeconds(120);
  private static final Duration CONSUME_TIMEOUT = Duration.ofSeconds(60);

  private final StrataSystem system;
  private final TopicRecorder recorder;
  private final TopicAudit audit;
  private final Clock clock;
  private final String node;
  private final Instant since;
  private final TopicAudit.LogCount before;
  private final Map<String, Long> approved = new LinkedHashMap<>();

  private FaultCycle(StrataSystem system, TopicRecorder recorder, TopicAudit audit, Clock clock) {
    this.system = system;
    this.recorder = recorder;
    this.audit = audit;
    this.clock = clock;
    this.node = system.simulator().model().targets().xid79Gpu().node();
    this.before = audit.count();
    this.since = clock.instant();
  }

  /** Counts the log, then switches XID 79 on. */
  static FaultCycle begin(
      StrataSystem system, TopicRecorder recorder, TopicAudit audit, Clock clock) {
    FaultCycle cycle = new FaultCycle(system, recorder, audit, clock);
    system.simulator().activate(Scenario.XID_79);
    return cycle;
  }

  String node() {
    return node;
  }

  /** Whether the XID 79 event reached the device-ingest's topic (the correlator's input). */
  boolean xidPublished() {
    String gpu = system.simulator().model().targets().xid79Gpu().uuid();
    return !recorder.since(Topics.DEVICE_XIDS, since, x -> gpu.equals(x.gpuUuid())).isEmpty();
  }

  /** The fault's DEVICE_FAULT incident, once raised (new or reopened after the fault began). */
  Incident awaitIncident() {
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

  /** The incident's proposal of {@code type}, once journaled. */
  RemediationAction awaitProposal(String incidentId, ActionType type) {
    return await(type + " proposed for " + incidentId)
        .atMost(RAISE_TIMEOUT)
        .pollInterval(Duration.ofMillis(250))
        .until(
            () ->
                journal(a -> a.incidentId().equals(incidentId)).stream()
                    .filter(a -> a.type() == type && a.state() == ActionState.PROPOSED)
                    .findFirst(),
            Optional::isPresent)
        .orElseThrow();
  }

  /** Approves over REST at each of {@code remediators}; at least one must accept. */
  void approve(String actionId, ServiceProcess... remediators) {
    approved.putIfAbsent(actionId, 0L);
    boolean accepted = false;
    StringBuilder answers = new StringBuilder();
    for (ServiceProcess remediator : remediators) {
      HttpResponse<String> response =
          Http.post(
              remediator.baseUrl() + "/api/actions/" + actionId + "/approve",
              StrataSystem.API_TOKEN);
      answers.append(remediator.name()).append(' ').append(response.statusCode()).append(' ');
      answers.append(response.body()).append("; ");
      accepted |= response.statusCode() >= 200 && response.statusCode() < 300;
    }
    assertThat(accepted).as("approval of " + actionId + ": " + answers).isTrue();
  }

  /** Waits until the journal records {@code actionId} EXECUTED. */
  void awaitExecuted(String actionId) {
    await(actionId + " EXECUTED")
        .atMost(Duration.ofSeconds(90))
        .pollInterval(Duration.ofMillis(250))
        .until(() -> executed(actionId) > 0);
  }

  /**
   * The GPU is repaired; waits for the incident to resolve and, when the node was cordoned,
   * approves the proposed uncordon at {@code remediators} and waits for the node to take pods.
   */
  void repair(String incidentId, ServiceProcess... remediators) {
    system.simulator().activate(Scenario.HEALTHY);
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
    if (system.simulator().model().status().cordonedNodes().contains(node)) {
      RemediationAction uncordon = awaitProposal(incidentId, ActionType.UNCORDON_NODE);
      approve(uncordon.actionId(), remediators);
      awaitExecuted(uncordon.actionId());
      await(node + " schedulable again")
          .atMost(Duration.ofSeconds(60))
          .until(() -> !system.simulator().model().status().cordonedNodes().contains(node));
    }
  }

  /** The ledger of the fault, once everything the fault produced could have been consumed. */
  FaultRow finish(String fault, long victimPid, long secondsDown) {
    Map<String, Long> lostOnLog = TopicAudit.lost(before, audit.countUpTo(before.end()));
    Map<String, Long> unconsumed = audit.unconsumed(audit.count(), CONSUME_TIMEOUT);
    Map<String, Long> patches = new LinkedHashMap<>();
    Map<String, Long> executed = new LinkedHashMap<>();
    for (String actionId : approved.keySet()) {
      patches.put(actionId, system.simulator().patchLog().applied(actionId));
      executed.put(actionId, executed(actionId));
    }
    return new FaultRow(
        fault,
        victimPid,
        secondsDown,
        lostOnLog,
        unconsumed,
        1,
        incidentIds().size(),
        patches,
        executed);
  }

  /**
   * Ids of the incidents live (OPEN or MITIGATING) since the fault began whose scope is the node or
   * the workload on its GPU: the request-level view of the fault must join the device incident.
   */
  Set<String> incidentIds() {
    return recorder
        .since(
            Topics.INCIDENTS,
            since,
            i ->
                i.state() != IncidentState.RESOLVED
                    && (i.scope().nodes().contains(node)
                        || i.scope().workloads().stream().anyMatch(w -> w.endsWith("/llm-serve"))))
        .stream()
        .map(o -> o.value().incidentId())
        .collect(Collectors.toCollection(java.util.TreeSet::new));
  }

  /** Distinct action ids the journal holds for the incident's step of {@code type}. */
  long proposals(String incidentId, ActionType type) {
    return journal(a -> a.incidentId().equals(incidentId) && a.type() == type).stream()
        .map(RemediationAction::actionId)
        .distinct()
        .count();
  }

  private long executed(String actionId) {
    return journal(a -> a.actionId().equals(actionId) && a.state() == ActionState.EXECUTED).size();
  }

  private List<RemediationAction> journal(java.util.function.Predicate<RemediationAction> matches) {
    return recorder.since(Topics.REMEDIATION, Instant.EPOCH, matches).stream()
        .map(Observed::value)
        .toList();
  }

  Instant since() {
    return since;
  }

  Clock clock() {
    return clock;
  }
}
