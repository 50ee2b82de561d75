package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentState;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.LogLinkRef;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.ReviewOutcome;
import io.strata.events.remediation.ReviewRecord;
import io.strata.loglinks.LogLinks;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.journal.ActionIds;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RemediationEngineTest {

  private final EngineHarness h = new EngineHarness();

  @org.junit.jupiter.api.BeforeEach
  void seed() {
    // The fixtures' incidents name pod ml/llm-0 on the faulty GPU; it declares the readiness gate.
    h.cluster.pod("ml", "llm-0", "n1");
  }

  @AfterEach
  void stop() {
    h.close();
  }

  private RemediationEngine engine(UndoMode undo, DeadlinePolicy onDeadline) {
    return engine(undo, onDeadline, LogLinks.none());
  }

  private RemediationEngine engine(UndoMode undo, DeadlinePolicy onDeadline, LogLinks logLinks) {
    return h.engine(EngineHarness.settings(undo, Duration.ofMinutes(30), onDeadline), logLinks);
  }

  @Test
  void aReplayedRevisionProposesNothingNew() {
    RemediationEngine engine = engine(UndoMode.PROPOSE, DeadlinePolicy.ESCALATE);
    h.cluster.gpuNode("n1", false);
    Incident open = Fixtures.deviceFault("inc-1", 1, IncidentState.OPEN, List.of("n1"));

    engine.onIncident(open);
    engine.restore(open);
    engine.onIncident(Fixtures.deviceFault("inc-1", 2, IncidentState.MITIGATING, List.of("n1")));

    assertThat(h.journal.published)
        .extracting(RemediationAction::type, RemediationAction::target)
        .containsExactly(
            org.assertj.core.api.Assertions.tuple(ActionType.CORDON_NODE, TargetGateway.node("n1")),
            org.assertj.core.api.Assertions.tuple(
                ActionType.PAUSE_NEW_BATCHES, TargetGateway.pod("ml", "llm-0")));
    assertThat(h.journal.published.get(0).patch())
        .isEqualTo(
            "{\"spec\":{\"taints\":[{\"key\":\"strata.io/quarantine\",\"effect\":\"NoSchedule\"}]}}");
    assertThat(h.notifier.notices)
        .singleElement()
        .satisfies(
            n -> {
              assertThat(n.kind()).isEqualTo("plan");
              assertThat(n.actionIds())
                  .containsExactly(
                      h.journal.published.get(0).actionId(), h.journal.published.get(1).actionId());
              assertThat(n.notes()).isEmpty();
            });
  }

  @Test
  void recoveryAppliesTheUndoByPolicyAndTheReviewSaysWhoDidWhat() {
    RemediationEngine engine = engine(UndoMode.APPLY, DeadlinePolicy.ESCALATE);
    h.cluster.gpuNode("n2", false);
    engine.onIncident(Fixtures.deviceFault("inc-2", 1, IncidentState.OPEN, List.of("n2")));
    String cordon = h.journal.published.get(0).actionId();
    h.clock.advance(Duration.ofMinutes(2));
    h.approvals.approve(cordon, "U1", ApprovalChannel.SLACK);
    h.executor.execute(cordon);
    h.clock.advance(Duration.ofMinutes(8));

    List<String> toRun =
        engine.onIncident(Fixtures.deviceFault("inc-2", 2, IncidentState.RESOLVED, List.of("n2")));
    toRun.forEach(h.executor::execute);

    assertThat(toRun).containsExactly(ActionIds.undoOf(cordon));
    assertThat(h.cluster.client.nodes().withName("n2").get().getSpec().getUnschedulable()).isNull();
    RemediationAction undo = h.journal.store().latest(ActionIds.undoOf(cordon)).orElseThrow();
    assertThat(undo.state()).isEqualTo(ActionState.EXECUTED);
    assertThat(undo.approvedBy()).isEqualTo(RemediationEngine.POLICY_PRINCIPAL);
    assertThat(undo.approvalChannel()).isEqualTo(ApprovalChannel.POLICY);
    ReviewRecord review = h.reviews.get(0);
    assertThat(review.outcome()).isEqualTo(ReviewOutcome.RECOVERED);
    assertThat(review.timeToMitigateMillis()).isEqualTo(Duration.ofMinutes(2).toMillis());
    assertThat(review.timeToRecoverMillis()).isEqualTo(600_000L);
    assertThat(review.actions())
        .filteredOn(a -> a.actionId().equals(cordon))
        .singleElement()
        .satisfies(
            a -> {
              assertThat(a.approvedBy()).isEqualTo("U1");
              assertThat(a.approvedAt()).isEqualTo(Fixtures.T0.plus(Duration.ofMinutes(2)));
            });
    assertThat(review.missingDimensions()).isEmpty();

    engine.onIncident(Fixtures.deviceFault("inc-2", 3, IncidentState.RESOLVED, List.of("n2")));
    assertThat(h.reviews).hasSize(1);
  }

  @Test
  void aMitigationThatRunsAfterResolutionStillGetsItsUndoOnce() {
    RemediationEngine engine = engine(UndoMode.PROPOSE, DeadlinePolicy.ESCALATE);
    h.cluster.gpuNode("n7", false);
    engine.onIncident(Fixtures.deviceFault("inc-7", 1, IncidentState.OPEN, List.of("n7")));
    String cordon = h.journal.published.get(0).actionId();
    h.approvals.approve(cordon, "U1", ApprovalChannel.SLACK);
    Incident resolved = Fixtures.deviceFault("inc-7", 2, IncidentState.RESOLVED, List.of("n7"));
    engine.onIncident(resolved);
    h.executor.execute(cordon);

    engine.afterExecution(h.journal.store().latest(cordon).orElseThrow());
    engine.restore(resolved);

    assertThat(h.journal.store().latest(ActionIds.undoOf(cordon)).orElseThrow().state())
        .isEqualTo(ActionState.PROPOSED);
    assertThat(h.notifier.notices)
        .filteredOn(n -> n.kind().equals("recovered"))
        .singleElement()
        .satisfies(n -> assertThat(n.actionIds()).containsExactly(ActionIds.undoOf(cordon)));
    assertThat(h.reviews).hasSize(1);
  }

  @Test
  void aMissedDeadlineEscalatesToThePendingStepsOnce() {
    RemediationEngine engine = engine(UndoMode.PROPOSE, DeadlinePolicy.ESCALATE);
    h.cluster.gpuNode("n3", false);
    h.cluster.gpuNode("n4", false);
    engine.onIncident(Fixtures.deviceFault("inc-3", 1, IncidentState.OPEN, List.of("n3", "n4")));
    String first = h.journal.published.get(0).actionId();
    String second = h.journal.published.get(1).actionId();
    String pause = h.journal.published.get(2).actionId();
    assertThat(h.journal.published.get(2).type()).isEqualTo(ActionType.PAUSE_NEW_BATCHES);
    h.approvals.approve(first, "U1", ApprovalChannel.SLACK);
    h.executor.execute(first);

    h.clock.advance(Duration.ofMinutes(29));
    assertThat(engine.tick()).isEmpty();
    assertThat(h.notifier.notices)
        .extracting(RecordingNotifier.Notice::kind)
        .doesNotContain("deadline-ESCALATE");
    h.clock.advance(Duration.ofMinutes(1));
    engine.tick();
    engine.tick();

    assertThat(h.notifier.notices)
        .filteredOn(n -> n.kind().startsWith("deadline"))
        .singleElement()
        .satisfies(n -> assertThat(n.actionIds()).containsExactly(second, pause));
    engine.onIncident(
        Fixtures.deviceFault("inc-3", 2, IncidentState.RESOLVED, List.of("n3", "n4")));
    assertThat(h.reviews.get(0).outcome()).isEqualTo(ReviewOutcome.ESCALATED);
    assertThat(h.journal.store().latest(second).orElseThrow().reason())
        .isEqualTo(ActionOutcomeReason.SUPERSEDED);
    assertThat(h.journal.store().latest(pause).orElseThrow().reason())
        .isEqualTo(ActionOutcomeReason.SUPERSEDED);
  }

  @Test
  void aMissedDeadlineRevertsByPolicyWhenSoConfigured() {
    RemediationEngine engine = engine(UndoMode.PROPOSE, DeadlinePolicy.REVERT);
    h.cluster.gpuNode("n5", false);
    engine.onIncident(Fixtures.deviceFault("inc-5", 1, IncidentState.OPEN, List.of("n5")));
    String cordon = h.journal.published.get(0).actionId();
    h.approvals.approve(cordon, "U1", ApprovalChannel.SLACK);
    h.executor.execute(cordon);
    h.clock.advance(Duration.ofMinutes(31));

    List<String> toRun = engine.tick();
    toRun.forEach(h.executor::execute);

    assertThat(toRun).containsExactly(ActionIds.undoOf(cordon));
    assertThat(h.journal.store().latest(cordon).orElseThrow().state())
        .isEqualTo(ActionState.REVERTED);
    assertThat(h.cluster.client.nodes().withName("n5").get().getSpec().getUnschedulable()).isNull();
    assertThat(h.notifier.notices)
        .extracting(RecordingNotifier.Notice::kind)
        .contains("deadline-REVERT");
    engine.onIncident(Fixtures.deviceFault("inc-5", 2, IncidentState.RESOLVED, List.of("n5")));
    assertThat(h.reviews.get(0).outcome()).isEqualTo(ReviewOutcome.REVERTED);
  }

  @Test
  void anIncidentResolvedWithoutActionSaysSo() {
    RemediationEngine engine = engine(UndoMode.PROPOSE, DeadlinePolicy.ESCALATE);
    engine.onIncident(Fixtures.deviceFault("inc-6", 1, IncidentState.RESOLVED, List.of("gone")));

    assertThat(h.reviews)
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.outcome()).isEqualTo(ReviewOutcome.RECOVERED_WITHOUT_ACTION);
              assertThat(r.actions()).isEmpty();
              assertThat(r.exemplarTraceId()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
            });
  }

  @Test
  void theReviewCarriesTheEpisodesLogLinksFromTheTemplates() {
    LogLinks logLinks =
        LogLinks.of(
            "strata.remediator.log-links",
            Map.of(
                "traces", "https://logs.example/t?trace={trace_id}&from={from}&to={to}",
                "pods", "https://logs.example/p?ns={namespace}&pod={pod}"),
            Duration.ofMinutes(1));
    RemediationEngine engine = engine(UndoMode.PROPOSE, DeadlinePolicy.ESCALATE, logLinks);

    engine.onIncident(Fixtures.deviceFault("inc-7", 1, IncidentState.RESOLVED, List.of("gone")));

    // The window: opened 10:00:00 minus a minute to resolved 10:10:00 plus a minute.
    assertThat(h.reviews.get(0).logLinks())
        .containsExactly(
            new LogLinkRef(
                "traces",
                "trace 4bf92f3577b34da6a3ce929d0e0e4736",
                "https://logs.example/t?trace=4bf92f3577b34da6a3ce929d0e0e4736"
                    + "&from=2026-11-30T09%3A59%3A00Z&to=2026-11-30T10%3A11%3A00Z"),
            new LogLinkRef("pods", "pod llm-0", "https://logs.example/p?ns=ml&pod=llm-0"));
  }
}
