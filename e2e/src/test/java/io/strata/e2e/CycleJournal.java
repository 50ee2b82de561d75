package io.strata.e2e;

import static org.awaitility.Awaitility.await;

import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.topic.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.awaitility.core.ConditionTimeoutException;

/**
 * What one fault cycle reads from strata.remediation.v1, the remediator's journal: the proposals it
 * waits for, the decisions and executions it counts.
 */
final class CycleJournal {

  private static final Duration PROPOSE_TIMEOUT = Duration.ofSeconds(120);
  private static final Duration DECIDE_TIMEOUT = Duration.ofSeconds(90);

  private final TopicRecorder recorder;
  private final Instant since;

  CycleJournal(TopicRecorder recorder, Instant since) {
    this.recorder = recorder;
    this.since = since;
  }

  /** The incident's proposal of {@code type}, once journaled. */
  RemediationAction awaitProposal(String incidentId, ActionType type) {
    return await(type + " proposed for " + incidentId)
        .atMost(PROPOSE_TIMEOUT)
        .pollInterval(Duration.ofMillis(250))
        .until(
            () ->
                all(a -> a.incidentId().equals(incidentId)).stream()
                    .filter(a -> a.type() == type && a.state() == ActionState.PROPOSED)
                    .findFirst(),
            Optional::isPresent)
        .orElseThrow();
  }

  /** The CORDON_NODE proposal of {@code node} made since the cycle began. */
  RemediationAction awaitCordonProposal(String node) {
    return await("a cordon of " + node + " proposed")
        .atMost(PROPOSE_TIMEOUT)
        .pollInterval(Duration.ofMillis(250))
        .until(
            () ->
                recorder
                    .since(
                        Topics.REMEDIATION,
                        since,
                        a ->
                            a.type() == ActionType.CORDON_NODE
                                && a.state() == ActionState.PROPOSED
                                && a.target() != null
                                && node.equals(a.target().name()))
                    .stream()
                    .map(Observed::value)
                    .findFirst(),
            Optional::isPresent)
        .orElseThrow();
  }

  /** Waits until the journal records a final state of {@code actionId}. */
  void awaitDecided(String actionId) {
    Set<ActionState> finals =
        Set.of(ActionState.EXECUTED, ActionState.REFUSED, ActionState.FAILED, ActionState.REJECTED);
    await(actionId + " executed or refused")
        .atMost(DECIDE_TIMEOUT)
        .pollInterval(Duration.ofMillis(250))
        .until(
            () ->
                all(a -> a.actionId().equals(actionId)).stream()
                    .anyMatch(a -> finals.contains(a.state())));
  }

  /** Waits until the journal records {@code actionId} EXECUTED. */
  void awaitExecuted(String actionId) {
    await(actionId + " EXECUTED")
        .atMost(DECIDE_TIMEOUT)
        .pollInterval(Duration.ofMillis(250))
        .until(() -> executed(actionId) > 0);
  }

  /** Whether a {@code type} proposal for the incident is journaled since the cycle began. */
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
    } catch (ConditionTimeoutException e) {
      return false;
    }
  }

  /** Distinct action ids the journal holds for the incident's step of {@code type}. */
  long proposals(String incidentId, ActionType type) {
    return all(a -> a.incidentId().equals(incidentId) && a.type() == type).stream()
        .map(RemediationAction::actionId)
        .distinct()
        .count();
  }

  boolean wasExecuted(String actionId) {
    return executed(actionId) > 0;
  }

  boolean refused(String actionId) {
    return !all(a -> a.actionId().equals(actionId) && a.state() == ActionState.REFUSED).isEmpty();
  }

  long executed(String actionId) {
    return all(a -> a.actionId().equals(actionId) && a.state() == ActionState.EXECUTED).size();
  }

  /** The node of the incident's executed cordon, if it has one. */
  Optional<String> cordonedNode(String incidentId) {
    return all(a -> a.incidentId().equals(incidentId)).stream()
        .filter(a -> a.type() == ActionType.CORDON_NODE && a.state() == ActionState.EXECUTED)
        .map(a -> a.target().name())
        .findFirst();
  }

  /** Every journal record that matches, from the start of the suite. */
  private List<RemediationAction> all(Predicate<RemediationAction> matches) {
    return recorder.since(Topics.REMEDIATION, Instant.EPOCH, matches).stream()
        .map(Observed::value)
        .toList();
  }
}
