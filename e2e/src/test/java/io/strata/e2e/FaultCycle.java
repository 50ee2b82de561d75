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
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * One XID 79 fault on the shared system, from the switch to the repaired, uncordoned node, and the
 * ledger of what it cost: records lost on the log or never consumed, incidents raised for it, and
 * per approved action the patches the mock API applied and the EXECUTED records journaled.
 */
final class FaultCycle {

  /** The correlator's reopen cooldown in the fault suite: a relapse within it reopens the id. */
  static final Duration REOPEN_COOLDOWN = Duration.ofSeconds(5);

  private static final Duration RAISE_TIMEOUT = Duration.ofSeconds(120);
  private static final Duration RESOLVE_TIMEOUT = Duration.ofSeconds(120);
  private static final Duration CONSUME_TIMEOUT = Duration.ofSeconds(60);

  private final StrataSystem system;
  private final TopicRecorder recorder;
  private final TopicAudit audit;
  private final Clock clock;
  private final String node;
  private final Set<String> failedNodes = new java.util.TreeSet<>();
  private final Instant since;
  private final TopicAudit.LogCount before;
  private final Map<String, Long> approved = new LinkedHashMap<>();

  private FaultCycle(StrataSystem system, TopicRecorder recorder, TopicAudit audit, Clock clock) {
    this.system = system;
    this.recorder = recorder;
    this.audit = audit;
    this.clock = clock;
    this.node = system.simulator().model().targets().xid79Gpu().node();
    failedNodes.add(node);
    this.before = audit.count();
    this.since = clock.instant();
  }

  /**
   * Counts the log, then switches XID 79 on, once the last resolution is older than the reopen
   * cooldown (so the fault is a new incident).
   */
  static FaultCycle begin(
      StrataSystem system, TopicRecorder recorder, TopicAudit audit, Clock clock) {
    Instant lastResolved =
        recorder
            .since(Topics.INCIDENTS, Instant.EPOCH, i -> i.state() == IncidentState.RESOLVED)
            .stream()
            .map(Observed::receivedAt)
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

  /** Makes {@code gpu} fall off the bus too (another node's): one more incident expected. */
  void alsoFail(io.strata.simulator.model.Gpu gpu) {
    system.simulator().alsoFallOffTheBus(gpu);
    failedNodes.add(gpu.node());
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
    return awaitFirst(
        "a DEVICE_FAULT incident for " + node,
        Topics.INCIDENTS,
        i ->
            i.incidentClass() == IncidentClass.DEVICE_FAULT
                && i.state() == IncidentState.OPEN
                && i.scope().nodes().contains(node));
  }

  /** The first record of {@code topic} since this cycle began that matches. */
  private <V> V awaitFirst(
      String what, io.strata.events.topic.Topic<?, V> topic, Predicate<V> matches) {
    return await(what)
        .atMost(RAISE_TIMEOUT)
        .pollInterval(Duration.ofMillis(250))
        .until(
            () -> recorder.since(topic, since, matches).stream().map(Observed::value).findFirst(),
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

  /** The CORDON_NODE proposal of {@code node} made since this cycle began. */
  RemediationAction awaitCordonProposal(String node) {
    return awaitFirst(
        "a cordon of " + node + " proposed",
        Topics.REMEDIATION,
        a ->
            a.type() == ActionType.CORDON_NODE
                && a.state() == ActionState.PROPOSED
                && a.target() != null
                && node.equals(a.target().name()));
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

  /** Waits until the journal records a final state of {@code actionId}. */
  void awaitDecided(String actionId) {
    Set<ActionState> finals =
        Set.of(ActionState.EXECUTED, ActionState.REFUSED, ActionState.FAILED, ActionState.REJECTED);
    await(actionId + " executed or refused")
        .atMost(Duration.ofSeconds(90))
        .pollInterval(Duration.ofMillis(250))
        .until(
            () ->
                journal(a -> a.actionId().equals(actionId)).stream()
                    .anyMatch(a -> finals.contains(a.state())));
  }

  boolean wasExecuted(String actionId) {
    return executed(actionId) > 0;
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
    Optional<String> cordoned =
        journal(a -> a.incidentId().equals(incidentId)).stream()
            .filter(a -> a.type() == ActionType.CORDON_NODE && a.state() == ActionState.EXECUTED)
            .map(a -> a.target().name())
            .findFirst();
    if (cordoned.isPresent()) {
      String node = cordoned.get();
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
    int refused = 0;
    long patchesOfRefused = 0;
    for (String actionId : approved.keySet()) {
      long applied = system.simulator().patchLog().applied(actionId);
      if (refused(actionId)) {
        refused++;
        patchesOfRefused += applied;
      } else {
        patches.put(actionId, applied);
        executed.put(actionId, executed(actionId));
      }
    }
    Map<String, Set<String>> perNode = incidentsPerNode();
    Set<String> ids = incidentIds();
    int signalsLost = (int) perNode.values().stream().filter(Set::isEmpty).count();
    long covering = perNode.values().stream().flatMap(Set::stream).distinct().count();
    int duplicated =
        perNode.values().stream().mapToInt(s -> Math.max(0, s.size() - 1)).sum()
            + (int) (ids.size() - covering);
    return new FaultRow(
        fault,
        victimPid,
        secondsDown,
        lostOnLog,
        unconsumed,
        ids.size(),
        signalsLost,
        duplicated,
        patches,
        executed,
        refused,
        patchesOfRefused);
  }

  /** Per failed node, the ids of the live incidents holding it in their scope. */
  Map<String, Set<String>> incidentsPerNode() {
    Map<String, Set<String>> perNode = new LinkedHashMap<>();
    for (String failed : failedNodes) {
      perNode.put(
          failed,
          recorder
              .since(
                  Topics.INCIDENTS,
                  since,
                  i -> i.state() != IncidentState.RESOLVED && i.scope().nodes().contains(failed))
              .stream()
              .map(o -> o.value().incidentId())
              .collect(Collectors.toCollection(java.util.TreeSet::new)));
    }
    return perNode;
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
                    && (i.scope().nodes().stream().anyMatch(failedNodes::contains)
                        || i.scope().workloads().stream().anyMatch(w -> w.endsWith("/llm-serve"))))
        .stream()
        .map(o -> o.value().incidentId())
        .collect(Collectors.toCollection(java.util.TreeSet::new));
  }

  /** Whether a {@code type} proposal for the incident is journaled since this cycle began. */
  boolean proposedSince(String incidentId, ActionType type, Duration wait) {
    try {
      await(type + " proposed again for " + incidentId)
          .atMost(wait)
          .pollInterval(Duration.ofMillis(250))
          .until(
              () ->
                  !recorder
                      .since(
                          Topics.REMEDIATION,
                          since,
                          a ->
                              a.incidentId().equals(incidentId)
                                  && a.type() == type
                                  && a.state() == ActionState.PROPOSED)
                      .isEmpty());
      return true;
    } catch (org.awaitility.core.ConditionTimeoutException e) {
      return false;
    }
  }

  /** Distinct action ids the journal holds for the incident's step of {@code type}. */
  long proposals(String incidentId, ActionType type) {
    return journal(a -> a.incidentId().equals(incidentId) && a.type() == type).stream()
        .map(RemediationAction::actionId)
        .distinct()
        .count();
  }

  private boolean refused(String actionId) {
    return !journal(a -> a.actionId().equals(actionId) && a.state() == ActionState.REFUSED)
        .isEmpty();
  }

  private long executed(String actionId) {
    return journal(a -> a.actionId().equals(actionId) && a.state() == ActionState.EXECUTED).size();
  }

  private List<RemediationAction> journal(Predicate<RemediationAction> matches) {
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
