package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Taint;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentState;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionRecord;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.ReviewRecord;
import io.strata.loglinks.LogLinks;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.execute.ExecutionResult;
import io.strata.remediator.core.journal.ActionIds;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * docs/E2E.md fault-suite finding 1: a relapse the correlator reopens under the same incident id
 * (its next episode) gets a cordon and a pause of its own, proposed once however often the record
 * is replayed; its resolution supersedes only its own pending proposals and its review lists only
 * what it did.
 */
class RelapseEpisodeEngineTest {

  private static final String INCIDENT = "inc-relapse";
  private static final String NODE = "n9";

  private final EngineHarness h = new EngineHarness();
  private final RemediationEngine engine =
      h.engine(
          EngineHarness.settings(UndoMode.PROPOSE, Duration.ofMinutes(30), DeadlinePolicy.ESCALATE),
          LogLinks.none());

  @BeforeEach
  void seed() {
    h.cluster.gpuNode(NODE, false);
    h.cluster.pod("ml", "llm-0", NODE);
  }

  @AfterEach
  void stop() {
    h.close();
  }

  @Test
  void aRelapseAfterResolutionIsMitigatedAgainUnderItsEpisodesIds() {
    String cordon1 = ActionIds.of(INCIDENT, 1, ActionType.CORDON_NODE, TargetGateway.node(NODE));
    String pause1 =
        ActionIds.of(INCIDENT, 2, ActionType.PAUSE_NEW_BATCHES, TargetGateway.pod("ml", "llm-0"));
    String cordon2 = ActionIds.of(INCIDENT, 2, 1, ActionType.CORDON_NODE, TargetGateway.node(NODE));
    String pause2 =
        ActionIds.of(
            INCIDENT, 2, 2, ActionType.PAUSE_NEW_BATCHES, TargetGateway.pod("ml", "llm-0"));

    // Episode 1: cordon executed, pause left pending, resolved, uncordon approved and executed.
    engine.onIncident(episode(1, IncidentState.OPEN, 1));
    run(cordon1);
    engine.onIncident(episode(2, IncidentState.RESOLVED, 1));
    assertThat(h.journal.store().latest(pause1).orElseThrow().reason())
        .isEqualTo(ActionOutcomeReason.SUPERSEDED);
    run(ActionIds.undoOf(cordon1));
    assertThat(quarantined()).isFalse();

    // Episode 2, 40 min later: past episode 1's recovery deadline, which must not count here.
    h.clock.advance(Duration.ofMinutes(40));
    int before = h.journal.published.size();
    Incident reopened = episode(3, IncidentState.OPEN, 2);
    engine.onIncident(reopened);
    engine.onIncident(reopened);
    engine.restore(reopened);
    engine.onIncident(episode(4, IncidentState.MITIGATING, 2));

    List<RemediationAction> added = h.journal.published.subList(before, h.journal.published.size());
    assertThat(added)
        .extracting(
            RemediationAction::actionId, RemediationAction::state, RemediationAction::episode)
        .containsExactly(
            org.assertj.core.api.Assertions.tuple(cordon2, ActionState.PROPOSED, 2),
            org.assertj.core.api.Assertions.tuple(pause2, ActionState.PROPOSED, 2));
    assertThat(h.notifier.notices)
        .filteredOn(n -> n.kind().equals("plan"))
        .extracting(RecordingNotifier.Notice::actionIds)
        .containsExactly(List.of(cordon1, pause1), List.of(cordon2, pause2));
    assertThat(engine.tick()).isEmpty();
    assertThat(h.notifier.notices)
        .extracting(RecordingNotifier.Notice::kind)
        .doesNotContain("deadline-ESCALATE");

    // The relapse's cordon is approvable and executed once.
    assertThat(h.approvals.approve(cordon2, "U2", ApprovalChannel.REST).outcome())
        .isEqualTo(Decision.Outcome.APPROVED);
    assertThat(h.executor.execute(cordon2)).isEqualTo(ExecutionResult.FINISHED);
    assertThat(h.executor.execute(cordon2)).isEqualTo(ExecutionResult.NOTHING_TO_DO);
    assertThat(h.journal.store().latest(cordon2).orElseThrow().state())
        .isEqualTo(ActionState.EXECUTED);
    assertThat(quarantined()).isTrue();

    // Its resolution supersedes its own pending pause and proposes its own uncordon.
    long refusedBefore = refusals(pause1);
    engine.onIncident(episode(5, IncidentState.RESOLVED, 2));
    assertThat(h.journal.store().latest(pause2).orElseThrow().reason())
        .isEqualTo(ActionOutcomeReason.SUPERSEDED);
    assertThat(refusals(pause1)).isEqualTo(refusedBefore);
    RemediationAction uncordon2 = h.journal.store().latest(ActionIds.undoOf(cordon2)).orElseThrow();
    assertThat(uncordon2.state()).isEqualTo(ActionState.PROPOSED);
    assertThat(uncordon2.episode()).isEqualTo(2);

    assertThat(h.reviews).extracting(ReviewRecord::episode).containsExactly(1, 2);
    assertThat(h.reviews.get(1).actions())
        .extracting(ActionRecord::actionId)
        .containsExactlyInAnyOrder(cordon2, pause2, ActionIds.undoOf(cordon2));
    assertThat(h.reviews.get(1).openedAt()).isEqualTo(reopenedAt());
    assertThat(h.reviews.get(1).timeToMitigateMillis()).isEqualTo(0L);
    engine.onIncident(episode(6, IncidentState.RESOLVED, 2));
    assertThat(h.reviews).hasSize(2);
  }

  @Test
  void aRelapseWhileTheNodeIsStillQuarantinedAddsNoSecondCordon() {
    String cordon1 = ActionIds.of(INCIDENT, 1, ActionType.CORDON_NODE, TargetGateway.node(NODE));
    engine.onIncident(episode(1, IncidentState.OPEN, 1));
    run(cordon1);
    engine.onIncident(episode(2, IncidentState.RESOLVED, 1));

    // Episode 1's uncordon is still pending when the GPU fails again: the node is still held by
    // episode 1's cordon, whose undo is the only one that removes the taint.
    engine.onIncident(episode(3, IncidentState.OPEN, 2));

    assertThat(
            h.journal
                .store()
                .latest(
                    ActionIds.of(INCIDENT, 2, 1, ActionType.CORDON_NODE, TargetGateway.node(NODE))))
        .isEmpty();
    assertThat(h.journal.store().latest(ActionIds.undoOf(cordon1)).orElseThrow().state())
        .isEqualTo(ActionState.PROPOSED);
    assertThat(h.notifier.notices.get(h.notifier.notices.size() - 1).notes())
        .anyMatch(n -> n.contains("already carries the strata.io/quarantine taint"));

    // Approving that uncordon now would release the failing node: refused, left pending.
    String uncordon1 = ActionIds.undoOf(cordon1);
    Decision early = engine.approve(uncordon1, "U1", ApprovalChannel.SLACK, Optional.empty());
    assertThat(early.outcome()).isEqualTo(Decision.Outcome.INCIDENT_OPEN);
    assertThat(early.message())
        .isEqualTo(
            "incident "
                + INCIDENT
                + " is OPEN again (episode 2): undoing "
                + cordon1
                + " now would release what holds it; approve once it resolves");
    assertThat(h.journal.store().latest(uncordon1).orElseThrow().state())
        .isEqualTo(ActionState.PROPOSED);
    assertThat(quarantined()).isTrue();

    // Resolved again: the same uncordon releases the node.
    engine.onIncident(episode(4, IncidentState.RESOLVED, 2));
    assertThat(h.journal.store().latest(uncordon1).orElseThrow().state())
        .isEqualTo(ActionState.PROPOSED);
    assertThat(engine.approve(uncordon1, "U1", ApprovalChannel.SLACK, Optional.empty()).outcome())
        .isEqualTo(Decision.Outcome.APPROVED);
    assertThat(h.executor.execute(uncordon1)).isEqualTo(ExecutionResult.FINISHED);
    assertThat(quarantined()).isFalse();
  }

  private void run(String actionId) {
    assertThat(h.approvals.approve(actionId, "U1", ApprovalChannel.SLACK).outcome())
        .isEqualTo(Decision.Outcome.APPROVED);
    assertThat(h.executor.execute(actionId)).isEqualTo(ExecutionResult.FINISHED);
    assertThat(h.journal.store().latest(actionId).orElseThrow().state())
        .isEqualTo(ActionState.EXECUTED);
  }

  private long refusals(String actionId) {
    return h.journal.store().history(actionId).stream()
        .filter(a -> a.state() == ActionState.REFUSED)
        .count();
  }

  private boolean quarantined() {
    List<Taint> taints = h.cluster.client.nodes().withName(NODE).get().getSpec().getTaints();
    return taints != null
        && taints.stream().anyMatch(t -> "strata.io/quarantine".equals(t.getKey()));
  }

  private Instant reopenedAt() {
    return Fixtures.T0.plus(Duration.ofMinutes(40));
  }

  private Incident episode(long revision, IncidentState state, int episode) {
    Incident incident = Fixtures.deviceFault(INCIDENT, revision, state, List.of(NODE));
    return episode == 1 ? incident : incident.withEpisode(episode, reopenedAt());
  }
}
