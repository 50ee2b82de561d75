package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentState;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.RemediationAction;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.guard.GuardSettings;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.policy.ActivePolicy;
import io.strata.remediator.core.policy.PolicyParser;
import io.strata.remediator.core.policy.RemediationPolicy;
import io.strata.remediator.core.policy.backtest.Backtest;
import io.strata.remediator.core.policy.backtest.BacktestReport;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The backtest against a real run: the engine and the executor with a policy (AUTO on pool a with
 * at most 3 approvals an hour, proposed elsewhere, observed for the research namespace) and a blast
 * radius of 2 nodes an hour, then the run's journal replayed with the same policy and with drafts.
 */
class PolicyBacktestTest {

  static final String POLICY =
      """
      rules:
        - name: research-observe
          match: incident.namespace == "research"
          mode: OBSERVE
        - name: pool-a-auto
          match: incident.class == "DEVICE_FAULT" && action.type == "CORDON_NODE" && node.pool == "a"
          mode: AUTO
          limits:
            maxPerHour: 3
      """;

  private static final GuardSettings GUARDS =
      new GuardSettings(2, 100, Duration.ofHours(1), 5, Duration.ofHours(1));

  private final EngineHarness h = EngineHarness.pooled(GUARDS);
  private final ActivePolicy policy = new ActivePolicy();
  private final RemediationEngine engine =
      h.engine(
          EngineHarness.settings(UndoMode.PROPOSE, Duration.ofHours(6), DeadlinePolicy.ESCALATE),
          policy);

  /** Every incident revision the engine was given: what strata.incidents.v1 holds. */
  private final List<Incident> incidents = new ArrayList<>();

  @BeforeEach
  void run() {
    for (String node : List.of("a1", "a2", "a3", "a4", "a5")) {
      h.cluster.gpuNode(node, "a");
    }
    h.cluster.gpuNode("b1", "b");
    h.cluster.pod("ml", "llm-0", "a1");
    assertThat(policy.offer(POLICY, "test", h.clock.instant())).isEmpty();

    // Three faults together on pool a: all three approved by the rule, the third refused by the
    // blast radius (2 nodes an hour).
    List<String> toRun = new ArrayList<>();
    for (String node : List.of("a1", "a2", "a3")) {
      toRun.addAll(incident("inc-" + node, 1, IncidentState.OPEN, node, "ml"));
    }
    toRun.forEach(h.executor::execute);
    // A fourth: the rule's 3 an hour are used, so it is proposed; approved, the blast radius
    // refuses it.
    h.clock.advance(Duration.ofMinutes(10));
    assertThat(incident("inc-a4", 1, IncidentState.OPEN, "a4", "ml")).isEmpty();
    h.clock.advance(Duration.ofMinutes(1));
    approveAndRun(cordon("inc-a4", "a4"));
    // inc-a1 resolves: the rule's cordon is undone on its own.
    h.clock.advance(Duration.ofMinutes(9));
    incident("inc-a1", 2, IncidentState.RESOLVED, "a1", "ml").forEach(h.executor::execute);
    // Two hours later, on pool b: proposed, approved by a person, executed.
    h.clock.advance(Duration.ofHours(2));
    assertThat(incident("inc-b1", 1, IncidentState.OPEN, "b1", "ml")).isEmpty();
    h.clock.advance(Duration.ofMinutes(1));
    approveAndRun(cordon("inc-b1", "b1"));
    // The research namespace is only observed.
    h.clock.advance(Duration.ofMinutes(5));
    assertThat(incident("inc-r", 1, IncidentState.OPEN, "a5", "research")).isEmpty();
    h.clock.advance(Duration.ofMinutes(1));
  }

  @AfterEach
  void stop() {
    h.close();
  }

  @Test
  void theRunsOwnPolicyGivesWhatReallyHappenedRuleByRule() throws Exception {
    assertThat(state(cordon("inc-a1", "a1"))).isEqualTo(ActionState.REVERTED);
    assertThat(state(cordon("inc-a3", "a3"))).isEqualTo(ActionState.REFUSED);
    assertThat(state(cordon("inc-a4", "a4"))).isEqualTo(ActionState.REFUSED);
    assertThat(state(cordon("inc-b1", "b1"))).isEqualTo(ActionState.EXECUTED);

    BacktestReport report = backtest(POLICY, Fixtures.T0.minusSeconds(1));

    assertThat(report.differing()).isZero();
    assertThat(report.differences()).isEmpty();
    assertThat(report.skippedUnknownIncident()).isZero();
    assertThat(report.steps()).isEqualTo(11).isEqualTo(journalSteps());
    for (BacktestReport.RuleReport rule : report.rules()) {
      assertThat(rule.draft()).as(rule.rule()).isEqualTo(rule.real());
    }
    BacktestReport.RuleReport auto = rule(report, "pool-a-auto");
    assertThat(auto.real())
        .isEqualTo(
            new BacktestReport.Counts(
                4,
                0,
                0,
                2,
                2,
                Map.of("MAX_PER_HOUR", 1L),
                Map.of("BLAST_RADIUS_LIMIT:NODES_IN_WINDOW", 2L),
                0));
    assertThat(rule(report, "research-observe").real())
        .isEqualTo(new BacktestReport.Counts(1, 1, 0, 0, 0, Map.of(), Map.of(), 0));
    // The pod's pause in each of the five ml incidents stays proposed; b1's cordon a person ran.
    assertThat(rule(report, "default").real())
        .isEqualTo(new BacktestReport.Counts(6, 0, 5, 1, 0, Map.of(), Map.of(), 0));
    assertThat(report.total().draft()).isEqualTo(report.total().real());
  }

  @Test
  void aDraftThatActsEverywhereDiffersWhereAPersonActedAndWhereTheRunOnlyObserved()
      throws Exception {
    String draft =
        """
        rules:
          - name: cordon-auto
            match: incident.class == "DEVICE_FAULT" && action.type == "CORDON_NODE"
            mode: AUTO
        """;

    BacktestReport report = backtest(draft, Fixtures.T0.minusSeconds(1));

    BacktestReport.RuleReport auto = rule(report, "cordon-auto");
    // a1, a2 and b1 executed, and the research node's cordon (b1 is the only other node in the
    // hour before it); a3 and a4 refused by the blast radius as they really were.
    assertThat(auto.draft())
        .isEqualTo(
            new BacktestReport.Counts(
                6, 0, 0, 4, 4, Map.of(), Map.of("BLAST_RADIUS_LIMIT:NODES_IN_WINDOW", 2L), 0));
    assertThat(auto.real().steps()).isZero();
    assertThat(report.examples())
        .extracting(BacktestReport.Example::line)
        .containsExactly(
            cordon("inc-b1", "b1")
                + " inc-b1 CORDON_NODE b1: EXECUTED_BY_PERSON → EXECUTED_BY_POLICY",
            cordon("inc-r", "a5") + " inc-r CORDON_NODE a5: OBSERVED → EXECUTED_BY_POLICY");
    assertThat(report.differences())
        .containsExactly(
            new BacktestReport.Difference("EXECUTED_BY_PERSON", "EXECUTED_BY_POLICY", 1),
            new BacktestReport.Difference("OBSERVED", "EXECUTED_BY_POLICY", 1));
  }

  @Test
  void aStricterDraftHoldsBackAndProposesWhatTheRuleExecuted() throws Exception {
    String draft =
        """
        default: OBSERVE
        rules:
          - name: pool-a-auto
            match: action.type == "CORDON_NODE" && node.pool == "a"
            mode: AUTO
            limits:
              maxPerHour: 1
        """;

    BacktestReport report = backtest(draft, Fixtures.T0.minusSeconds(1));

    BacktestReport.RuleReport auto = rule(report, "pool-a-auto");
    // a1 executed; a2, a3 and a4 held back by the hour's limit. The research cordon on a5 comes
    // over an hour later: executed.
    // The person who had a4 in hand decides as they did: refused by the blast radius.
    assertThat(auto.draft())
        .isEqualTo(
            new BacktestReport.Counts(
                5,
                0,
                2,
                2,
                2,
                Map.of("MAX_PER_HOUR", 3L),
                Map.of("BLAST_RADIUS_LIMIT:NODES_IN_WINDOW", 1L),
                0));
    assertThat(report.differences())
        .containsExactly(
            new BacktestReport.Difference("PROPOSED", "OBSERVED", 5),
            new BacktestReport.Difference("EXECUTED_BY_PERSON", "OBSERVED", 1),
            new BacktestReport.Difference("EXECUTED_BY_POLICY", "PROPOSED", 1),
            new BacktestReport.Difference("OBSERVED", "EXECUTED_BY_POLICY", 1),
            new BacktestReport.Difference(
                "REFUSED:BLAST_RADIUS_LIMIT:NODES_IN_WINDOW", "PROPOSED", 1));
    assertThat(report.differing()).isEqualTo(9);
  }

  @Test
  void aMatchThatFailsToEvaluateIsCountedAndDoesNotMatch() throws Exception {
    String draft =
        """
        rules:
          - name: gold-tier
            match: node.labels["strata.io/tier"] == "gold"
            mode: AUTO
        """;

    BacktestReport report = backtest(draft, Fixtures.T0.minusSeconds(1));

    // No node has the label: every one of the 11 steps fails the match, and the default proposes.
    assertThat(rule(report, "gold-tier").celErrors()).isEqualTo(11);
    assertThat(rule(report, "gold-tier").draft().steps()).isZero();
    assertThat(rule(report, "default").draft().steps()).isEqualTo(11);
    assertThat(report.total().celErrors()).isEqualTo(11);
  }

  @Test
  void stepsOfUnknownIncidentsAreSkippedAndThePeriodBoundsTheSteps() throws Exception {
    incidents.removeIf(i -> i.incidentId().equals("inc-b1"));

    BacktestReport report = backtest(POLICY, Fixtures.T0.plus(Duration.ofHours(1)));

    // Only the research cordon is planned after T0+1h and of a known incident; b1's cordon and
    // pause are not replayed.
    assertThat(report.steps()).isEqualTo(1);
    assertThat(report.skippedUnknownIncident()).isEqualTo(2).isEqualTo(stepsOf("inc-b1"));
    assertThat(report.differing()).isZero();
  }

  private BacktestReport backtest(String document, Instant since) throws Exception {
    RemediationPolicy draft = PolicyParser.parse(document);
    TargetGateway.NodeCensus census = h.gateway.gpuNodes();
    Map<String, Map<String, String>> labels = new HashMap<>();
    for (String node : census.names()) {
      JsonNode found = h.gateway.read(TargetGateway.node(node)).orElseThrow().body();
      Map<String, String> of = new HashMap<>();
      found
          .path("metadata")
          .path("labels")
          .properties()
          .forEach(e -> of.put(e.getKey(), e.getValue().asText()));
      labels.put(node, of);
    }
    return Backtest.run(
        draft,
        incidents,
        h.journal.store(),
        census,
        labels,
        GUARDS,
        EngineHarness.TEMPORARY,
        since,
        h.clock.instant());
  }

  private List<String> incident(
      String id, long revision, IncidentState state, String node, String namespace) {
    Incident base = Fixtures.deviceFault(id, revision, state, List.of(node), namespace);
    Instant now = h.clock.instant();
    Incident timed =
        new Incident(
            base.incidentId(),
            base.revision(),
            base.incidentClass(),
            base.severity(),
            base.state(),
            base.summary(),
            base.correlation(),
            base.scope(),
            base.trigger(),
            base.longestStage(),
            base.evidence(),
            base.suggestedActions(),
            revision == 1 ? now : openedAt(id),
            now,
            state == IncidentState.RESOLVED ? now : null,
            base.timeToRecoverMillis(),
            base.episode(),
            base.reopenedAt());
    incidents.add(timed);
    return engine.onIncident(timed);
  }

  private Instant openedAt(String id) {
    return incidents.stream()
        .filter(i -> i.incidentId().equals(id))
        .findFirst()
        .orElseThrow()
        .openedAt();
  }

  private void approveAndRun(String actionId) {
    Decision decision = engine.approve(actionId, "alice", ApprovalChannel.REST, Optional.empty());
    assertThat(decision.outcome()).isEqualTo(Decision.Outcome.APPROVED);
    h.executor.execute(actionId);
  }

  private static String cordon(String incident, String node) {
    return ActionIds.of(incident, 1, ActionType.CORDON_NODE, TargetGateway.node(node));
  }

  private ActionState state(String actionId) {
    return h.journal.store().latest(actionId).map(RemediationAction::state).orElseThrow();
  }

  private int journalSteps() {
    return (int)
        h.journal.store().all().stream()
            .filter(a -> h.journal.store().undoneBy(a.actionId()).isEmpty())
            .count();
  }

  private int stepsOf(String incident) {
    return h.journal.store().forIncident(incident).size();
  }

  private static BacktestReport.RuleReport rule(BacktestReport report, String name) {
    return report.rules().stream().filter(r -> r.rule().equals(name)).findFirst().orElseThrow();
  }
}
